"""Discord, as DiscordChatExporter (DCE) writes it: one JSON file per channel, #general split
into [part 1] / [part 2], two channels in the old format (no `users`, no `code`, standard emoji
`id` null) and one thread file.

Truth: conversation = channel id (a thread is its own channel), id = message id. `count` is the
total, `users` the listed reactors; old-format files have no reactors at all, so their reactions
are incomplete.

Replies: `type` "Reply" with `reference` {messageId, channelId, guildId} to an earlier message of
the channel (or to one the export lacks: deleted); every message of the thread file answers the
thread, whose id is its starter message's in #help (so its parent is in another conversation).
Bots: two accounts with `isBot` true post now and then and react (bots: those seen with it).
"""

import datetime
import os
import re

from .jsonwriter import JsonArrayWriter, dumps
from .world import HEX, UTC, ReplyTargets, is_bot_message, is_reply, make_text, moment, \
    parent_choice, person_names, pick_weighted_distinct, quiet_spell, random_chars, \
    reaction_count_for, reply_author, split_counts, unicode_key

DISCORD_EPOCH_MS = 1_420_070_400_000
# (Unicode name, DCE EmojiIndex code, weight). "❤" without FE0F has no code in DCE's index, so
# its code is the name itself.
STANDARD = [
    ("👍", "thumbsup", 6), ("❤️", "heart", 3), ("❤", "❤", 2), ("😂", "joy", 3), ("🎉", "tada", 3),
    ("🔥", "fire", 3), ("👀", "eyes", 2), ("🙏", "pray", 1), ("✅", "white_check_mark", 1),
    ("🚀", "rocket", 2), ("👍🏽", "thumbsup_tone3", 1), ("👍🏻", "thumbsup_tone1", 1),
    ("🧑‍💻", "technologist", 1),
]
CUSTOM = [("blobcat", False, 3), ("lumen_ship", False, 2), ("partyblob", True, 1)]
# (name, channel type, category, weight, layout): "split" = two partition files, "old" = the
# format from before DCE exported reaction users.
CHANNELS = [
    ("general", "GuildTextChat", "Text Channels", 5, "split"),
    ("help", "GuildTextChat", "Support", 4, "current"),
    ("showcase", "GuildTextChat", "Community", 2, "current"),
    ("announcements", "GuildNews", "Info", 1, "old"),
    ("off-topic", "GuildTextChat", "Community", 1, "old"),
    ("Export shows times an hour off", "GuildPublicThread", None, 1, "current"),   # thread in #help
]
BOTS = [("Lumen Bot", "lumenbot"), ("Carl-bot", "carlbot")]      # (nickname, name)
ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
OFFSET = datetime.timedelta(hours=2)      # the exporting computer's zone


def _surrogates(match):
    code = ord(match.group()) - 0x10000
    return "\\u%04X\\u%04X" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))


def dce_dumps(value):
    """DCE (System.Text.Json) escapes astral-plane characters as surrogate pairs and writes BMP
    ones as they are."""
    return ASTRAL.sub(_surrogates, dumps(value))


def twemoji_code(emoji):
    if "\u200d" not in emoji:
        emoji = unicode_key(emoji)
    return "-".join(f"{ord(c):x}" for c in emoji)


def stamp(rng, ms, digits=None):
    """A DCE timestamp in +02:00 with 1–7 fraction digits (random unless `digits`)."""
    ticks = ms * 10_000 + rng.randint(0, 9_999)          # 100 ns
    dt = moment(ticks // 10) + OFFSET
    fraction = f"{ticks % 10_000_000:07d}"[:rng.randint(1, 7) if digits is None else digits]
    return dt.strftime("%Y-%m-%dT%H:%M:%S") + "." + fraction + "+02:00"


def emoji_object(choice, old):
    """A reaction's `emoji` as DCE writes it, in the old format or the current one."""
    kind, value, code, _ = choice
    if kind == "standard":
        if old:
            return {"id": None, "name": value, "isAnimated": False,
                    "imageUrl": f"https://twemoji.maxcdn.com/2/svg/{twemoji_code(value)}.svg"}
        return {"id": "", "name": value, "code": code, "isAnimated": False,
                "imageUrl": "https://cdn.jsdelivr.net/gh/jdecked/twemoji@latest/assets/svg/"
                            f"{twemoji_code(value)}.svg"}
    name, cid, animated = value
    emoji = {"id": cid, "name": name}
    if not old:
        emoji["code"] = name
    emoji.update(isAnimated=animated,
                 imageUrl=f"https://cdn.discordapp.com/emojis/{cid}.{'gif' if animated else 'png'}")
    return emoji


def write(rng, n, folder, truth, scratch=None):
    """Writes one file per channel (two for #general) into `folder`, and every message's truth."""
    server = Server(rng, n)
    counts = split_counts(rng, n, [w for _, _, _, w, _ in CHANNELS])
    for channel, count in zip(CHANNELS, counts):
        if count:
            server.write_channel(folder, channel, count, truth)
    truth.people([(p["id"], p["nickname"] or p["name"]) for p in server.authors])


class Server:
    """The guild: its people, emoji, channels and categories, with snowflakes from one serial."""

    def __init__(self, rng, n):
        self.rng, self.serial = rng, 0
        # 18-digit ids for accounts from 2016-2018, 19-digit ids for 2023+
        self.people = [self.new_person(i, name) for i, name in enumerate(person_names(260))]
        self.authors = self.people[:40]
        self.bots = [self.new_bot(nickname, name) for nickname, name in BOTS]
        self.reactor_pool = self.people + self.bots
        self.author_avatar = {p["id"]: p["avatarUrl"] for p in self.authors + self.bots}
        self.help_messages = []           # (id, ms) of #help's messages: thread starters
        guild_id = self.old_snowflake(2019, 2020)
        icon = f"https://cdn.discordapp.com/icons/{guild_id}/" + random_chars(rng, HEX, 32) + ".png"
        self.guild = {"id": guild_id, "name": "Lumen Community", "iconUrl": icon}
        custom = [(name, self.old_snowflake(2019, 2022), animated, w) for name, animated, w in CUSTOM]
        # every emoji choice: (kind, emoji_object's input, code, key)
        self.choices = [("standard", e, code, unicode_key(e)) for e, code, _ in STANDARD] + \
            [("custom", (name, cid, animated), name, f":{name}:") for name, cid, animated, _ in custom]
        self.choice_weights = [w for _, _, w in STANDARD] + [w for *_, w in custom]
        self.channel_ids = {}
        for name, *_ in CHANNELS:
            self.channel_ids[name] = self.old_snowflake(2020, 2021) if name != CHANNELS[-1][0] \
                else self.old_snowflake(2026, 2027)
        self.category_ids = {cat: self.old_snowflake(2019, 2020)
                             for cat in sorted({c for _, _, c, _, _ in CHANNELS if c})}
        self.start_ms = int(datetime.datetime(2026, 9, 1, tzinfo=UTC).timestamp() * 1000) \
            + rng.randint(0, 10 ** 9)
        self.exported_ms = self.start_ms + (n + 100) * 900_000

    def snowflake(self, ms):
        self.serial += 1
        return str(((ms - DISCORD_EPOCH_MS) << 22) | (self.rng.randint(0, 31) << 17)
                   | (self.rng.randint(0, 31) << 12) | (self.serial & 0xFFF))

    def old_snowflake(self, lo_year, hi_year):
        """A snowflake from a time between the starts of two years."""
        lo = int(datetime.datetime(lo_year, 1, 1, tzinfo=UTC).timestamp() * 1000)
        hi = int(datetime.datetime(hi_year, 1, 1, tzinfo=UTC).timestamp() * 1000)
        return self.snowflake(self.rng.randint(lo, hi))

    def new_person(self, i, name):
        rng = self.rng
        uid = self.old_snowflake(2016, 2018) if rng.random() < 0.4 else self.old_snowflake(2023, 2026)
        first, last = name.split(" ", 1)
        handle = (first.lower() if i < 26 else f"{first.lower()}_{last.lower()}{i}")
        avatar = (f"https://cdn.discordapp.com/avatars/{uid}/" + random_chars(rng, HEX, 32) + ".png"
                  if rng.random() < 0.8 else f"https://cdn.discordapp.com/embed/avatars/{i % 6}.png")
        return {"id": uid, "name": handle, "discriminator": "0000",
                "nickname": name if rng.random() < 0.7 else handle, "color": None,
                "isBot": False, "avatarUrl": avatar}

    def new_bot(self, nickname, name):
        rng = self.rng
        uid = self.old_snowflake(2019, 2022)
        return {"id": uid, "name": name, "discriminator": f"{rng.randint(1, 9999):04d}",
                "nickname": nickname, "color": None, "isBot": True,
                "avatarUrl": f"https://cdn.discordapp.com/avatars/{uid}/"
                             + random_chars(rng, HEX, 32) + ".png"}

    def write_channel(self, folder, channel_row, count, truth):
        """The channel's file, or its two partition files. A thread starts from a message of
        #help, which lends it its id."""
        name, ctype, category, _, layout = channel_row
        cid = self.channel_ids[name]
        old = layout == "old"
        ms = self.start_ms + self.rng.randint(0, 3_600_000)
        thread = ctype == "GuildPublicThread"
        if thread:
            if self.help_messages:
                cid, ms = self.rng.choice(self.help_messages)
            channel = {"id": cid, "type": ctype, "categoryId": self.channel_ids["help"],
                       "category": "help", "name": name, "topic": None}
            file_prefix = f"Lumen Community - help - {name} [{cid}]"
        else:
            channel = {"id": cid, "type": ctype, "categoryId": self.category_ids[category],
                       "category": category, "name": name,
                       "topic": None if self.rng.random() < 0.5 else f"All things {name}"}
            file_prefix = f"Lumen Community - {category} - {name} [{cid}]"
        truth.conversation(cid, name)
        if old:
            del channel["categoryId"]
        if layout == "split" and count > 1:
            parts = [(f"{file_prefix} [part 1].json", (count + 1) // 2),
                     (f"{file_prefix} [part 2].json", count // 2)]
        else:
            parts = [(f"{file_prefix}.json", count)]
        targets = ReplyTargets()
        for file_name, part_count in parts:
            head = {"guild": self.guild, "channel": channel,
                    "dateRange": {"after": None, "before": None}}
            if not old:
                head["exportedAt"] = stamp(self.rng, self.exported_ms, 7)
            prefix = dce_dumps(head)[:-1] + ',"messages":['
            writer = JsonArrayWriter(os.path.join(folder, file_name), prefix, "")
            for _ in range(part_count):
                ms += self.rng.randint(1_000, 900_000) + quiet_spell(self.rng) * 1000
                message = self.message(ms, cid, old, truth, targets, cid if thread else None)
                if name == "help":
                    self.help_messages.append((message["id"], ms))
                writer.add_raw(dce_dumps(message))
            writer.close('],"messageCount":%d}' % writer.count)

    def message(self, ms, cid, old, truth, targets, thread_id):
        """One message, sometimes a reply (none in a thread, whose messages all answer
        `thread_id`); its truth goes to `truth`."""
        rng = self.rng
        mid = self.snowflake(ms)
        parent = None                     # (message id, author) that this one answers
        if thread_id is None and targets and is_reply(rng):
            choice = parent_choice(rng)
            if choice == "lost":          # deleted since: an id from before, never written
                parent = (self.snowflake(ms - rng.randint(60_000, 10 * 86_400_000)),
                          rng.choice(self.authors))
            else:
                parent = targets.pick(rng, choice)
        if is_bot_message(rng):
            person = rng.choice(self.bots)
        elif parent is not None:
            person = reply_author(rng, parent[1], self.authors)
        else:
            person = rng.choice(self.authors)
        author = dict(person)
        if old:
            author.pop("color")
            if not person["isBot"]:
                author["discriminator"] = f"{rng.randint(1, 9999):04d}"
        else:
            author = {k: author[k] for k in ("id", "name", "discriminator", "nickname",
                                             "color", "isBot")}
            author.update(roles=[], avatarUrl=self.author_avatar[author["id"]])
        text = make_text(rng)
        reactions, expected = self.reactions(old, truth)
        message = {"id": mid, "type": "Reply" if parent else "Default", "timestamp": stamp(rng, ms),
                   "timestampEdited": stamp(rng, ms + rng.randint(60_000, 3_600_000))
                   if rng.random() < 0.05 else None,
                   "callEndedTimestamp": None, "isPinned": rng.random() < 0.01,
                   "content": text, "author": author, "attachments": [], "embeds": [],
                   "stickers": [], "reactions": reactions, "mentions": []}
        if parent:
            message["reference"] = {"messageId": parent[0], "channelId": cid,
                                    "guildId": self.guild["id"]}
        if not old:
            message["inlineEmojis"] = []
        targets.add(rng, (mid, person))
        if person["isBot"]:
            truth.bot(person["id"])
        truth.add(cid, mid, False, text, expected, author=person["id"],
                  reply_to=thread_id or (parent[0] if parent else None), from_bot=person["isBot"])
        return message

    def reactions(self, old, truth):
        """(a message's reactions, their truth): old-format files list no users; current ones
        sometimes list fewer than the count (the users call failed, or burst reactions)."""
        rng = self.rng
        popular = rng.random() < 0.04
        reactions, expected = [], {}
        for choice in pick_weighted_distinct(rng, self.choices, self.choice_weights,
                                             rng.choice((0, 0, 0, 1, 1, 2, 3)), lambda c: c[3]):
            holders = rng.sample(self.reactor_pool, reaction_count_for(rng, popular))
            reaction = {"emoji": emoji_object(choice, old), "count": len(holders)}
            if old:
                listed = []
            else:
                listed = holders
                if rng.random() < 0.08:
                    listed = holders[:rng.randint(0, len(holders) - 1)]
                reaction["users"] = listed
                for user in listed:
                    if user["isBot"]:
                        truth.bot(user["id"])
            reactions.append(reaction)
            expected[choice[3]] = (len(holders), [u["id"] for u in listed],
                                   len(listed) == len(holders))
        return reactions, expected
