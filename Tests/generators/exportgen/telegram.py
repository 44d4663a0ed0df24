"""Telegram Desktop: result.json of a full-account export, with chats.list (two supergroups, a
channel, a personal chat) and left_chats.list (a basic group).

Truth: conversation = chat id, id = message id, reactors = `recent[].from_id` (a sample: complete
only when `count` equals its length). Custom emoji key `:custom-<document_id>:`. Paid (Stars)
reactions are not reactions; service messages are not messages. Text = the texts of the parts
joined.

Replies: `reply_to_message_id` of an earlier message of the chat, or of an id the export lacks (a
deleted message's, or a service record's: not messages). Inline bots: a message sent through
one has `"via_bot": "@…"`, which marks the message (fromBot), not its sender: no bots.
"""

import datetime
import os

from .jsonwriter import dumps
from .world import WORDS, ReplyTargets, capitalized, is_bot_message, is_reply, make_text, moment, \
    parent_choice, person_names, pick_weighted_distinct, quiet_spell, reaction_count_for, \
    reply_author, some_words, split_counts, unicode_key

# (name, type, weight, list)
CHATS = [
    ("Lumen Community", "public_supergroup", 5, "chats"),
    ("Lumen Team", "private_supergroup", 3, "chats"),
    ("Lumen Announcements", "public_channel", 1, "chats"),
    ("Carmen Ruiz", "personal_chat", 1, "chats"),
    ("Lumen Beta Testers", "private_group", 1, "left_chats"),
]
EMOJI = [("👍", 6), ("❤", 3), ("❤️", 2), ("🔥", 3), ("🎉", 3), ("😂", 2), ("👀", 1),
         ("🙏", 1), ("🤝", 1), ("👍🏽", 1), ("🤯", 1), ("☺️", 1), ("☺", 1)]
EMOJI_VALUES = [e for e, _ in EMOJI] + ["custom"]
EMOJI_WEIGHTS = [w for _, w in EMOJI] + [2]
INLINE_BOTS = ["@gif", "@lumen_polls_bot", "@vote"]
RECENT = 3                                 # reactions list at most three recent reactors
ZONE = datetime.timedelta(hours=1)         # the exporting computer's zone (not in the file)

HEAD = ('{\n "about": "Here is the data you requested. Remember: Telegram is ad free, it '
        'doesn\'t use your data for ad targeting and doesn\'t store it for this purpose.",\n'
        ' "chats": {\n  "about": "This page lists all chats from this export.",\n  "list": [')
LEFT_CHATS = ('\n  ]\n },\n "left_chats": {\n  "about": "This page lists all chats and '
              'channels from this export that you left.",\n  "list": [')
TAIL = "\n  ]\n }\n}\n"


def local(seconds):
    """A Unix time as the exporting computer's local time, as `date` shows it."""
    return (moment(seconds * 10 ** 6) + ZONE).strftime("%Y-%m-%dT%H:%M:%S")


def telegram_text(rng, mentions):
    """(text as written: a string or a list of parts, text_entities, plain text)."""
    if rng.random() < 0.7:
        text = make_text(rng)
        return text, [{"type": "plain", "text": text}], text
    parts = [capitalized(some_words(rng, 1, 5)) + " "]
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        word = rng.choice(WORDS)
        if r < 0.3:
            parts.append({"type": "bold", "text": word})
        elif r < 0.45:
            parts.append({"type": "italic", "text": word})
        elif r < 0.6:
            parts.append({"type": "code", "text": f"make {word}"})
        elif r < 0.7:
            parts.append({"type": "link", "text": f"https://example.com/{word}"})
        elif r < 0.8:
            parts.append({"type": "text_link", "text": f"the {word} doc",
                          "href": f"https://example.com/docs/{word}"})
        elif r < 0.9:
            parts.append({"type": "mention", "text": "@" + rng.choice(mentions)})
        else:
            parts.append({"type": "hashtag", "text": f"#{word}"})
        parts.append(rng.choice((" ", " and ", ", ", " — ", " 🚀 ")))
    parts.append(some_words(rng, 1, 4) + rng.choice((".", "!", "")))
    entities = [{"type": "plain", "text": p} if isinstance(p, str) else dict(p) for p in parts]
    plain = "".join(p if isinstance(p, str) else p["text"] for p in parts)
    return parts, entities, plain


def write(rng, n, folder, truth, scratch=None):
    """Writes result.json into `folder`, each chat's messages as they are made, and the truth."""
    account = Account(rng)
    truth.people([(pid, name) for name, pid in account.people[:40]])
    counts = split_counts(rng, n, [w for _, _, w, _ in CHATS])
    with open(os.path.join(folder, "result.json"), "w", encoding="utf-8") as out:
        out.write(HEAD)
        section, first_chat = "chats", True
        start = 1_788_000_000 + rng.randint(0, 10 ** 6)
        for chat, count in zip(CHATS, counts):
            if chat[3] != section:
                out.write(LEFT_CHATS)
                section, first_chat = chat[3], True
            account.write_chat(out, chat, count, start, first_chat, truth)
            first_chat = False
        if section == "chats":
            out.write(LEFT_CHATS)
        out.write(TAIL)


class Account:
    """The exporting account, the people it meets and its chats."""

    def __init__(self, rng):
        self.rng, self.used = rng, set()
        self.people = [(None if i % 97 == 96 else name, "user" + self.user_id(rng.choice((8, 9, 10))))
                       for i, name in enumerate(person_names(220))]          # (from, from_id)
        self.me = self.people[0]
        self.handles = [name.split(" ")[0].lower() for name, _ in self.people[:30] if name]
        self.carmen = ("Carmen Ruiz", "user" + self.user_id(10))
        self.documents = [str(rng.randint(5 * 10 ** 18, 6 * 10 ** 18)) for _ in range(3)]

    def user_id(self, digits):
        while True:
            value = str(self.rng.randint(10 ** (digits - 1), 10 ** digits - 1))
            if value not in self.used:
                self.used.add(value)
                return value

    def write_chat(self, out, chat, count, start, first_chat, truth):
        """One chat of the list: its messages, with service records among them."""
        rng = self.rng
        chat_name, chat_type, _, _ = chat
        if chat_type == "personal_chat":
            chat_id = int(self.carmen[1][4:])
            members = [self.me, self.carmen]
        elif chat_type == "private_group":
            chat_id = int(self.user_id(9))
            members = self.people[:25]
        else:
            chat_id = int(self.user_id(10))
            members = self.people
        posters = members[:40] if chat_type != "personal_chat" else members
        truth.conversation(str(chat_id), chat_name)
        out.write(("" if first_chat else ",") + "\n   " +
                  dumps({"name": chat_name, "type": chat_type, "id": chat_id})[:-1] + ',"messages":[')
        message_id = rng.choice((1, 1000, 250_000))
        now = start + rng.randint(0, 3600)
        written, first_message = 0, True
        self.targets, self.missing = ReplyTargets(), []    # (id, sender); ids of no message
        while written < count:
            now += rng.randint(1, 900) + quiet_spell(rng)
            step = 1 if rng.random() < 0.9 else rng.randint(2, 5)   # deleted ones leave gaps
            self.missing.extend(range(message_id + 1, message_id + step))
            message_id += step
            if chat_type != "personal_chat" and rng.random() < 0.03:
                item = self.service(message_id, now, members)
                self.missing.append(message_id)
            else:
                item, plain, expected = self.message(message_id, now, chat, chat_id, posters,
                                                     members, written)
                written += 1
                parent = item.get("reply_to_message_id")
                truth.add(str(chat_id), str(message_id), False, plain, expected,
                          author=item["from_id"], reply_to=None if parent is None else str(parent),
                          from_bot="via_bot" in item)
            out.write(("" if first_message else ",") + "\n    " + dumps(item))
            first_message = False
        out.write("\n   ]}")

    def service(self, message_id, now, members):
        """A service record (not a message): someone invited people or pinned a message."""
        rng = self.rng
        actor = rng.choice(members)
        item = {"id": message_id, "type": "service", "date": local(now), "date_unixtime": str(now),
                "actor": actor[0], "actor_id": actor[1]}
        if rng.random() < 0.5:
            item.update(action="invite_members", members=[rng.choice(self.people)[0]])
        else:
            item.update(action="pin_message", message_id=message_id - 1)
        item.update(text="", text_entities=[])
        return item

    def message(self, message_id, now, chat, chat_id, posters, members, written):
        """(a message, its plain text, its reactions' truth)."""
        rng = self.rng
        chat_name, chat_type, _, _ = chat
        parent = None                         # (id, sender) this one answers
        if chat_type != "public_channel" and self.targets and is_reply(rng):
            choice = parent_choice(rng)
            if choice == "lost":
                parent = (rng.choice(self.missing), rng.choice(posters)) if self.missing else None
            else:
                parent = self.targets.pick(rng, choice)
        if chat_type == "public_channel":
            sender = (chat_name, f"channel{chat_id}")
        elif parent is not None:
            sender = reply_author(rng, parent[1], posters)
        else:
            sender = rng.choice(posters)
        self.targets.add(rng, (message_id, sender))
        item = {"id": message_id, "type": "message", "date": local(now), "date_unixtime": str(now)}
        if rng.random() < 0.05:
            edited = now + rng.randint(5, 3600)
            item.update(edited=local(edited), edited_unixtime=str(edited))
        item.update({"from": sender[0], "from_id": sender[1]})
        if chat_type != "public_channel" and is_bot_message(rng):
            item["via_bot"] = rng.choice(INLINE_BOTS)
        if parent is not None:
            item["reply_to_message_id"] = parent[0]
        if rng.random() < 0.05:
            item.update(photo=f"photos/photo_{written + 1}@{local(now)[:10]}.jpg",
                        width=1280, height=720)
            text, entities, plain = ("", [], "") if rng.random() < 0.5 \
                else telegram_text(rng, self.handles)
        else:
            text, entities, plain = telegram_text(rng, self.handles)
        item.update(text=text, text_entities=entities)
        reactions, expected = self.reactions(now, chat_type, members)
        if reactions:
            item["reactions"] = reactions
        return item, plain, expected

    def reactions(self, now, chat_type, members):
        """(a message's reactions, their truth): `recent` lists at most RECENT reactors, and
        sometimes none; a paid reaction is not a reaction."""
        rng = self.rng
        personal = chat_type == "personal_chat"
        reactions, expected = [], {}
        popular = rng.random() < (0.3 if chat_type == "public_channel" else 0.03)
        wanted = rng.choice((0, 0, 0, 1)) if personal else rng.choice((0, 0, 1, 1, 2, 3))
        for value in pick_weighted_distinct(rng, EMOJI_VALUES, EMOJI_WEIGHTS, wanted,
                                            lambda v: v if v == "custom" else unicode_key(v)):
            if personal:
                holders = rng.sample(members, rng.randint(1, 2))
            else:
                holders = rng.sample(members, min(len(members), reaction_count_for(rng, popular)))
            if len(holders) <= RECENT and rng.random() < 0.85:
                recent = holders
            else:
                recent = holders[:min(RECENT, rng.randint(0, len(holders)))]
            reaction = {"type": "emoji", "count": len(holders), "emoji": value}
            key = unicode_key(value)
            if value == "custom":
                document = rng.choice(self.documents)
                reaction = {"type": "custom_emoji", "count": len(holders), "document_id": document}
                key = f":custom-{document}:"
            if recent or rng.random() < 0.5:
                reaction["recent"] = self.recent(recent, now)
            else:
                recent = []
            reactions.append(reaction)
            expected[key] = (len(holders), [who[1] for who in recent], len(recent) == len(holders))
        if not personal and rng.random() < 0.03:
            paid = {"type": "paid", "count": rng.choice((1, 5, 10, 50, 250))}
            if rng.random() < 0.5:
                paid["recent"] = self.recent(rng.sample(members, 1), now)
            reactions.insert(rng.randint(0, len(reactions)), paid)
        return reactions, expected

    def recent(self, people, now):
        return [{"from": who[0], "from_id": who[1], "date": local(now + self.rng.randint(1, 86400))}
                for who in people]
