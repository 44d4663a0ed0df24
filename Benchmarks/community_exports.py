#!/usr/bin/env python3
"""Synthetic Slack, Discord, Telegram and Matrix exports with their ground truth.

Used by generate_exports.py (`--platform slack|slack-zip|discord|telegram|matrix`). Every writer

    write_<platform>(n_messages, rng, out_dir) -> [truth, …]

writes an export holding `n_messages` messages into `out_dir` (the DIR/input folder; records the
tool must skip, such as Slack `channel_join` or Telegram service messages, come on top) and
returns the ground truth, one dict per message, in the line format of generate_exports.py:

    {"platform":"slack","conversation":"C0…","id":"1790000000.000100","deleted":false,"text":"…",
     "reactions":[{"key":"👍","count":3,"reactors":["U0…"],"complete":true}]}

sorted by conversation id, then message id (as strings); reactions are sorted by key and
reactors by id, and reactions with count 0 are left out.

What the truth says, per platform (product.md §1.1, §1.2, §3.1; formats.md §4–§7):
- slack: conversation = channel id, id = `ts`. `count` is the total; `users` may list fewer
  (complete false). `channel_join` messages are not messages. A `tombstone` thread parent is a
  deleted message. `+1` and `thumbsup` never share a message (one key, two totals that cannot be
  merged). Text is the raw mrkdwn, exactly as in the file.
- discord: conversation = channel id (a thread is its own channel), id = message id. `count` is
  the total, `users` the listed reactors; old-format files (no `users`, no `code`, standard emoji
  `id` null) have no reactors at all, so their reactions are incomplete.
- telegram: conversation = chat id, id = message id, reactors = `recent[].from_id` (a sample:
  complete only when `count` equals its length). Custom emoji key `:custom-<document_id>:`.
  Paid (Stars) reactions are not reactions; service messages are not messages. Text = the texts
  of the parts joined.
- matrix: conversation = room id, id = event id. Count = distinct senders per (target, key) among
  reaction events that are not redacted, reactions on an edit event counting for the original,
  always complete. Edits are not messages; the text is the newest edit's body (by
  origin_server_ts). A redacted message is deleted (its event is kept with its content, so its
  text stays, and its reactions still count, as for deleted messages on the other platforms).

The writers stream: day files / channel files / chats / rooms are written as messages are made,
so memory holds the truth list and little else.
"""

import datetime
import json
import os
import re
import shutil
import tempfile
import zipfile

from generate_exports import (FIRST, LAST, WORDS, JsonArrayWriter, dumps, make_text,
                              reaction_count_for, split_counts)

EPOCH = datetime.datetime(1970, 1, 1)
UTC = datetime.timezone.utc
HEX = "0123456789abcdef"


def strip_variation(value):
    """The key of a Unicode reaction: U+FE0F and U+FE0E removed (ZWJ kept)."""
    return value.replace("\ufe0f", "").replace("\ufe0e", "")


def truth(platform, conversation, message_id, deleted, text, reactions):
    """One ground-truth line. reactions: {key: (count, reactor ids, complete)}."""
    items = []
    for key in sorted(reactions):
        count, reactors, complete = reactions[key]
        if count > 0:
            items.append({"key": key, "count": count, "reactors": sorted(set(reactors)),
                          "complete": complete})
    return {"platform": platform, "conversation": conversation, "id": message_id,
            "deleted": deleted, "text": text, "reactions": items}


def sorted_truth(lines):
    lines.sort(key=lambda t: (t["conversation"], t["id"]))
    return lines


def person_names(count, offset=0):
    """`count` display names "First Last", the first 26 the named cast (Ada Okafor, Bob Lind…)."""
    names = []
    for i in range(offset, offset + count):
        first = FIRST[i % len(FIRST)]
        last = LAST[(i if i < len(FIRST) else i * 7) % len(LAST)]
        names.append(f"{first} {last}")
    return names


def pick_weighted_distinct(rng, table, weights, count, key_of):
    """Up to `count` entries of `table` with pairwise different keys."""
    chosen, keys = [], set()
    for _ in range(count * 4):
        if len(chosen) == count:
            break
        entry = rng.choices(table, weights)[0]
        key = key_of(entry)
        if key not in keys:
            keys.add(key)
            chosen.append(entry)
    return chosen


_DAYS = {}


def day_of(seconds):
    """The UTC date of a Unix time, YYYY-MM-DD (cached per day: called once per message)."""
    day = seconds // 86400
    text = _DAYS.get(day)
    if text is None:
        text = _DAYS[day] = (EPOCH + datetime.timedelta(days=day)).strftime("%Y-%m-%d")
    return text


# --------------------------------------------------------------------------------------------
# Slack
# --------------------------------------------------------------------------------------------

# (reaction name, key, weight). Only these names: each resolves through the tool's shortcode
# table, or (the two custom ones) through nothing at all.
SLACK_REACTIONS = [
    ("+1", "👍", 6), ("thumbsup", "👍", 3), ("heart", "❤", 4), ("joy", "😂", 3),
    ("fire", "🔥", 3), ("eyes", "👀", 3), ("tada", "🎉", 3), ("+1::skin-tone-2", "👍🏻", 1),
    ("+1::skin-tone-5", "👍🏾", 1), ("partyparrot", ":partyparrot:", 1),
    ("shipit_custom", ":shipit_custom:", 1),
]
SLACK_REACTION_WEIGHTS = [w for _, _, w in SLACK_REACTIONS]
SLACK_CHANNELS = [("general", 5, "Company-wide announcements and work-based matters"),
                  ("engineering", 4, "Builds, reviews and deploys"),
                  ("support", 3, "Customer tickets that need an engineer"),
                  ("launch", 2, "Lumen launch coordination"),
                  ("random", 2, "Non-work banter")]
SLACK_EXTRAS = [' "quoted"', " *bold*", " _really_", " ~old plan~", " `make test`", "\nsecond line",
                " :tada:", " ☕", " naïve café", " 🚀", " 50% done", " ẞ ß Ω 漢字",
                " path/to/export.csv", " C:\\temp\\logs", " tab\there"]
SLACK_ID_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
SLACK_BOTS = [("deploybot", "Deploys"), ("GitHub", "GitHub"), ("Lumen Status", "Status")]
SLACK_MAX_LISTED = 50            # the reactions API lists at most 50 users


def slack_dumps(value):
    """Slack exports are PHP json_encode output: non-ASCII as \\u escapes, "/" as "\\/"."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("/", "\\/")


def slack_id(rng, prefix, used, length=10):
    while True:
        value = prefix + "".join(rng.choice(SLACK_ID_CHARS) for _ in range(length - len(prefix)))
        if value not in used:
            used.add(value)
            return value


def slack_text(rng, user_ids, channels):
    words = [rng.choice(WORDS) for _ in range(rng.randint(2, 12))]
    text = " ".join(words)
    text = text[0].upper() + text[1:]
    r = rng.random()
    if r < 0.30:
        text += rng.choice(SLACK_EXTRAS)
    elif r < 0.40:
        word = rng.choice(WORDS)
        text += f" <https://example.com/docs/{word}?tab=1|{word} notes>"
    elif r < 0.50:
        text = f"<@{rng.choice(user_ids)}> " + text[0].lower() + text[1:]
    elif r < 0.54:
        cid, name = rng.choice(channels)
        text += f" see <#{cid}|{name}>"
    elif r < 0.57:
        text += " <https://status.example.com/incidents/42>"
    return text + rng.choice((".", "?", "!", ""))


def write_slack(n_messages, rng, out_dir):
    """A workspace export folder in out_dir: users.json, channels.json, integration_logs.json
    and <channel>/<YYYY-MM-DD>.json day files, written while the timeline is generated."""
    os.makedirs(out_dir, exist_ok=True)
    used = set()
    team = slack_id(rng, "T0", used, 9)

    # -- people ----------------------------------------------------------------------------
    users, user_ids = [], []
    for i, name in enumerate(person_names(160)):
        uid = slack_id(rng, "U0", used, rng.choice((9, 11)))
        first, last = name.split(" ", 1)
        handle = f"{first.lower()}.{last.lower()}" if i >= 26 else first.lower()
        display = "" if rng.random() < 0.15 else (first if rng.random() < 0.6 else handle)
        users.append({
            "id": uid, "team_id": team, "name": handle, "deleted": i % 53 == 52,
            "color": "".join(rng.choice(HEX) for _ in range(6)), "real_name": name,
            "tz": "Europe/Berlin", "tz_label": "Central European Time", "tz_offset": 3600,
            "profile": {"title": "", "phone": "", "skype": "", "real_name": name,
                        "real_name_normalized": name, "display_name": display,
                        "display_name_normalized": display, "status_text": "", "status_emoji": "",
                        "avatar_hash": "".join(rng.choice(HEX) for _ in range(12)),
                        "image_72": f"https://avatars.slack-edge.com/2026-01-01/{uid}_72.png",
                        "first_name": first, "last_name": last, "team": team},
            "is_admin": i == 0, "is_owner": i == 0, "is_bot": False, "updated": 1_780_000_000 + i})
        user_ids.append(uid)
    # Reactors who are not in users.json (external or since-removed accounts).
    ghosts = [slack_id(rng, "U0", used, 11) for _ in range(15)]
    authors = user_ids[:40]
    user_by_id = {u["id"]: u for u in users}
    reactor_pool = user_ids + ghosts
    bots = [(slack_id(rng, "B0", used, 11), name) for name, _ in SLACK_BOTS]

    channels = []
    for name, _, purpose in SLACK_CHANNELS:
        channels.append((slack_id(rng, "C0", used, rng.choice((9, 11))), name))
    with open(os.path.join(out_dir, "users.json"), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(slack_dumps(u) for u in users) + "\n]\n")
    with open(os.path.join(out_dir, "channels.json"), "w", encoding="utf-8") as f:
        items = []
        for (cid, name), (_, _, purpose) in zip(channels, SLACK_CHANNELS):
            items.append(slack_dumps({
                "id": cid, "name": name, "created": 1_760_000_000, "creator": user_ids[0],
                "is_archived": False, "is_general": name == "general",
                "members": sorted(rng.sample(user_ids, 30)),
                "topic": {"value": "", "creator": "", "last_set": 0},
                "purpose": {"value": purpose, "creator": user_ids[0], "last_set": 1_760_000_000}}))
        f.write("[\n" + ",\n".join(items) + "\n]\n")
    with open(os.path.join(out_dir, "integration_logs.json"), "w", encoding="utf-8") as f:
        f.write(slack_dumps({"logs": [{"user_id": user_ids[0], "user_name": users[0]["name"],
                                       "date": "1760000100", "change_type": "added",
                                       "app_type": "bot", "service_id": bots[0][0],
                                       "service_type": "Bot", "reason": ""}]}) + "\n")

    # -- timeline ----------------------------------------------------------------------------
    weights = [w for _, w, _ in SLACK_CHANNELS]
    day_writer = {}                       # channel name -> (day, JsonArrayWriter)
    open_threads = {name: [] for _, name in channels}   # [parent ts, parent user, replies left]
    result = []
    now = (1_790_000_000 + rng.randint(0, 10 ** 6)) * 10 ** 6 + rng.randint(0, 10 ** 6)  # µs
    last_message = None                   # (channel name, ts µs) of the previous message
    last_ts = {name: -1 for _, name in channels}   # the newest ts per channel, µs

    def ts_text(micros):
        return f"{micros // 10 ** 6}.{micros % 10 ** 6:06d}"

    def emit(name, micros, message):
        seconds = micros // 10 ** 6
        day = day_of(seconds)
        current = day_writer.get(name)
        if current is None or current[0] != day:
            if current is not None:
                current[1].close()
            os.makedirs(os.path.join(out_dir, name), exist_ok=True)
            current = (day, JsonArrayWriter(os.path.join(out_dir, name, f"{day}.json")))
            day_writer[name] = current
        current[1].add_raw(slack_dumps(message))

    for i in range(n_messages):
        cid, name = channels[i] if i < len(channels) else rng.choices(channels, weights)[0]

        # Membership events: skipped by the tool, so never in the truth.
        joined = False
        while rng.random() < 0.02:
            now += rng.randint(10 ** 5, 60 * 10 ** 6)
            jcid, jname = rng.choice(channels)
            who = rng.choice(user_ids)
            emit(jname, now, {"user": who, "type": "message", "subtype": "channel_join",
                              "text": f"<@{who}> has joined the channel", "ts": ts_text(now)})
            joined = True

        if (not joined and last_message and last_message[0] != name
                and last_ts[name] < last_message[1] and rng.random() < 0.01):
            micros = last_message[1]      # the same ts in another channel: ids are per channel
        else:
            now += rng.randint(10 ** 6, 900 * 10 ** 6)
            micros = now
        ts = ts_text(micros)
        last_message = (name, micros)
        last_ts[name] = micros

        threads = open_threads[name]
        message = {"type": "message"}
        deleted = False
        kind = "user"
        if threads and rng.random() < 0.35:
            kind = "reply"
        elif rng.random() < 0.03:
            kind = "bot"
        elif rng.random() < 0.07 and len(threads) < 20:
            kind = "tombstone" if rng.random() < 0.05 else "parent"

        text = slack_text(rng, user_ids, channels)
        if kind == "bot":
            bot_id, username = rng.choice(bots)
            message.update(subtype="bot_message", text=text, ts=ts, bot_id=bot_id,
                           username=username, icons={"emoji": ":robot_face:"})
        elif kind == "tombstone":
            text, deleted = "This message was deleted.", True
            replies = rng.randint(1, 5)
            message.update(subtype="tombstone", text=text, user="USLACKBOT", hidden=True, ts=ts,
                           thread_ts=ts, reply_count=replies)
            threads.append([ts, "USLACKBOT", replies])
        else:
            author = rng.choice(authors)
            message.update(client_msg_id="%08x-%04x-4%03x-%04x-%012x" % (
                rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                0x8000 | rng.getrandbits(14), rng.getrandbits(48)),
                text=text, user=author, ts=ts, team=team)
            if rng.random() < 0.6:
                u = user_by_id[author]
                message["user_profile"] = {"avatar_hash": u["profile"]["avatar_hash"],
                                           "first_name": u["profile"]["first_name"],
                                           "real_name": u["real_name"],
                                           "display_name": u["profile"]["display_name"],
                                           "team": team, "name": u["name"], "is_restricted": False}
            if rng.random() < 0.05:
                message["edited"] = {"user": author, "ts": ts_text(micros + rng.randint(10 ** 6, 10 ** 9))}
            if kind == "reply":
                index = rng.randrange(len(threads))
                parent = threads[index]
                message["thread_ts"], message["parent_user_id"] = parent[0], parent[1]
                parent[2] -= 1
                if parent[2] <= 0:
                    threads.pop(index)
            elif kind == "parent":
                replies = rng.randint(1, 8)
                message.update(thread_ts=ts, reply_count=replies,
                               reply_users_count=min(replies, rng.randint(1, 4)))
                threads.append([ts, author, replies])

        reactions, expected = [], {}
        if kind != "tombstone":
            popular = rng.random() < 0.03
            for rname, key, _ in pick_weighted_distinct(
                    rng, SLACK_REACTIONS, SLACK_REACTION_WEIGHTS,
                    rng.choice((0, 0, 0, 1, 1, 2, 3)), lambda e: e[1]):
                holders = rng.sample(reactor_pool, reaction_count_for(rng, popular))
                listed = holders[:SLACK_MAX_LISTED]
                if rng.random() < 0.05:
                    listed = listed[:rng.randint(0, len(listed) - 1)]
                reactions.append({"name": rname, "users": listed, "count": len(holders)})
                expected[key] = (len(holders), listed, len(listed) == len(holders))
        if reactions:
            message["reactions"] = reactions
        emit(name, micros, message)
        result.append(truth("slack", cid, ts, deleted, text, expected))

    for _, writer in day_writer.values():
        writer.close()
    return sorted_truth(result)


def write_slack_zip(n_messages, rng, out_dir):
    """The same workspace as write_slack, as out_dir/export.zip (deflate, fixed entry times, so
    the same seed gives the same bytes)."""
    os.makedirs(out_dir, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".slack-staging-", dir=out_dir)
    try:
        result = write_slack(n_messages, rng, staging)
        entries = []
        for folder, dirs, files in os.walk(staging):
            dirs.sort()
            for file in files:
                path = os.path.join(folder, file)
                entries.append((os.path.relpath(path, staging).replace(os.sep, "/"), path))
        entries.sort()
        with zipfile.ZipFile(os.path.join(out_dir, "export.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
            for name, path in entries:
                info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 12, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                with open(path, "rb") as source, archive.open(info, "w") as target:
                    shutil.copyfileobj(source, target, 1 << 20)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return result


# --------------------------------------------------------------------------------------------
# Discord (DiscordChatExporter JSON)
# --------------------------------------------------------------------------------------------

DISCORD_EPOCH_MS = 1_420_070_400_000
# (Unicode name, DCE EmojiIndex code, weight). "❤" without FE0F has no code in DCE's index, so
# its code is the name itself.
DISCORD_STANDARD = [
    ("👍", "thumbsup", 6), ("❤️", "heart", 3), ("❤", "❤", 2), ("😂", "joy", 3), ("🎉", "tada", 3),
    ("🔥", "fire", 3), ("👀", "eyes", 2), ("🙏", "pray", 1), ("✅", "white_check_mark", 1),
    ("🚀", "rocket", 2), ("👍🏽", "thumbsup_tone3", 1), ("👍🏻", "thumbsup_tone1", 1),
    ("🧑‍💻", "technologist", 1),
]
DISCORD_CUSTOM = [("blobcat", False, 3), ("lumen_ship", False, 2), ("partyblob", True, 1)]
# (name, channel type, category, weight, layout): "split" = two partition files, "old" = the
# format from before DCE exported reaction users.
DISCORD_CHANNELS = [
    ("general", "GuildTextChat", "Text Channels", 5, "split"),
    ("help", "GuildTextChat", "Support", 4, "current"),
    ("showcase", "GuildTextChat", "Community", 2, "current"),
    ("announcements", "GuildNews", "Info", 1, "old"),
    ("off-topic", "GuildTextChat", "Community", 1, "old"),
    ("Export shows times an hour off", "GuildPublicThread", None, 1, "current"),   # thread in #help
]
ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def _surrogates(match):
    code = ord(match.group()) - 0x10000
    return "\\u%04X\\u%04X" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))


def dce_dumps(value):
    """DCE (System.Text.Json) escapes astral-plane characters as surrogate pairs and writes BMP
    ones as they are."""
    return ASTRAL.sub(_surrogates, dumps(value))


def twemoji_code(emoji):
    if "\u200d" not in emoji:
        emoji = strip_variation(emoji)
    return "-".join(f"{ord(c):x}" for c in emoji)


def write_discord(n_messages, rng, out_dir):
    """One DCE file per channel: #general split into [part 1]/[part 2], two channels in the old
    format (no `users`, no `code`, standard emoji id null), one thread file."""
    os.makedirs(out_dir, exist_ok=True)
    serial = [0]

    def snowflake(ms):
        serial[0] += 1
        return str(((ms - DISCORD_EPOCH_MS) << 22) | (rng.randint(0, 31) << 17)
                   | (rng.randint(0, 31) << 12) | (serial[0] & 0xFFF))

    def old_snowflake(lo_year, hi_year):
        lo = int(datetime.datetime(lo_year, 1, 1, tzinfo=UTC).timestamp() * 1000)
        hi = int(datetime.datetime(hi_year, 1, 1, tzinfo=UTC).timestamp() * 1000)
        return snowflake(rng.randint(lo, hi))

    # -- people: 18-digit ids for accounts from 2016-2018, 19-digit ids for 2023+ ------------
    people = []
    for i, name in enumerate(person_names(260)):
        uid = old_snowflake(2016, 2018) if rng.random() < 0.4 else old_snowflake(2023, 2026)
        first, last = name.split(" ", 1)
        handle = (first.lower() if i < 26 else f"{first.lower()}_{last.lower()}{i}")
        avatar = (f"https://cdn.discordapp.com/avatars/{uid}/"
                  + "".join(rng.choice(HEX) for _ in range(32)) + ".png"
                  if rng.random() < 0.8 else f"https://cdn.discordapp.com/embed/avatars/{i % 6}.png")
        people.append({"id": uid, "name": handle, "discriminator": "0000",
                       "nickname": name if rng.random() < 0.7 else handle, "color": None,
                       "isBot": False, "avatarUrl": avatar})
    authors = people[:40]
    author_avatar = {p["id"]: p["avatarUrl"] for p in authors}

    guild_id = old_snowflake(2019, 2020)
    guild = {"id": guild_id, "name": "Lumen Community",
             "iconUrl": f"https://cdn.discordapp.com/icons/{guild_id}/"
                        + "".join(rng.choice(HEX) for _ in range(32)) + ".png"}
    custom = [(name, old_snowflake(2019, 2022), animated, w) for name, animated, w in DISCORD_CUSTOM]
    # every emoji choice: (emoji object maker input, key)
    choices = [("standard", e, code, strip_variation(e)) for e, code, _ in DISCORD_STANDARD] + \
              [("custom", (name, cid, animated), name, f":{name}:") for name, cid, animated, _ in custom]
    choice_weights = [w for _, _, w in DISCORD_STANDARD] + [w for *_, w in custom]

    def emoji_object(choice, old):
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

    channel_ids = {}
    for name, *_ in DISCORD_CHANNELS:
        channel_ids[name] = old_snowflake(2020, 2021) if name != DISCORD_CHANNELS[-1][0] \
            else old_snowflake(2026, 2027)
    category_ids = {cat: old_snowflake(2019, 2020)
                    for cat in sorted({c for _, _, c, _, _ in DISCORD_CHANNELS if c})}

    start_ms = int(datetime.datetime(2026, 9, 1, tzinfo=UTC).timestamp() * 1000) + rng.randint(0, 10 ** 9)
    exported_ms = start_ms + (n_messages + 100) * 900_000
    offset = datetime.timedelta(hours=2)

    def stamp(ms, digits=None):
        ticks = ms * 10_000 + rng.randint(0, 9_999)          # 100 ns
        dt = EPOCH + datetime.timedelta(microseconds=ticks // 10) + offset
        fraction = f"{ticks % 10_000_000:07d}"[:rng.randint(1, 7) if digits is None else digits]
        return dt.strftime("%Y-%m-%dT%H:%M:%S") + "." + fraction + "+02:00"

    counts = split_counts(rng, n_messages, [w for _, _, _, w, _ in DISCORD_CHANNELS])
    result = []
    for (name, ctype, category, _, layout), count in zip(DISCORD_CHANNELS, counts):
        if count == 0:
            continue
        cid = channel_ids[name]
        old = layout == "old"
        if ctype == "GuildPublicThread":
            channel = {"id": cid, "type": ctype, "categoryId": channel_ids["help"],
                       "category": "help", "name": name, "topic": None}
            file_prefix = f"Lumen Community - help - {name} [{cid}]"
        else:
            channel = {"id": cid, "type": ctype, "categoryId": category_ids[category],
                       "category": category, "name": name,
                       "topic": None if rng.random() < 0.5 else f"All things {name}"}
            file_prefix = f"Lumen Community - {category} - {name} [{cid}]"
        if old:
            del channel["categoryId"]
        if layout == "split" and count > 1:
            parts = [(f"{file_prefix} [part 1].json", (count + 1) // 2),
                     (f"{file_prefix} [part 2].json", count // 2)]
        else:
            parts = [(f"{file_prefix}.json", count)]

        ms = start_ms + rng.randint(0, 3_600_000)
        for file_name, part_count in parts:
            head = {"guild": guild, "channel": channel, "dateRange": {"after": None, "before": None}}
            if not old:
                head["exportedAt"] = stamp(exported_ms, 7)
            prefix = dce_dumps(head)[:-1] + ',"messages":['
            writer = JsonArrayWriter(os.path.join(out_dir, file_name), prefix, "")
            for _ in range(part_count):
                ms += rng.randint(1_000, 900_000)
                mid = snowflake(ms)
                author = dict(rng.choice(authors))
                if old:
                    author.pop("color")
                    author["discriminator"] = f"{rng.randint(1, 9999):04d}"
                else:
                    author = {k: author[k] for k in ("id", "name", "discriminator", "nickname",
                                                     "color", "isBot")}
                    author.update(roles=[], avatarUrl=author_avatar[author["id"]])
                text = make_text(rng)
                popular = rng.random() < 0.04
                reactions, expected = [], {}
                for choice in pick_weighted_distinct(rng, choices, choice_weights,
                                                     rng.choice((0, 0, 0, 1, 1, 2, 3)),
                                                     lambda c: c[3]):
                    holders = rng.sample(people, reaction_count_for(rng, popular))
                    reaction = {"emoji": emoji_object(choice, old), "count": len(holders)}
                    if old:
                        listed = []
                    else:
                        listed = holders
                        if rng.random() < 0.08:      # users call failed or burst reactions
                            listed = holders[:rng.randint(0, len(holders) - 1)]
                        reaction["users"] = listed
                    reactions.append(reaction)
                    expected[choice[3]] = (len(holders), [u["id"] for u in listed],
                                           len(listed) == len(holders))
                message = {"id": mid, "type": "Default", "timestamp": stamp(ms),
                           "timestampEdited": stamp(ms + rng.randint(60_000, 3_600_000))
                           if rng.random() < 0.05 else None,
                           "callEndedTimestamp": None, "isPinned": rng.random() < 0.01,
                           "content": text, "author": author, "attachments": [], "embeds": [],
                           "stickers": [], "reactions": reactions, "mentions": []}
                if not old:
                    message["inlineEmojis"] = []
                writer.add_raw(dce_dumps(message))
                result.append(truth("discord", cid, mid, False, text, expected))
            writer.close('],"messageCount":%d}' % writer.count)
    return sorted_truth(result)


# --------------------------------------------------------------------------------------------
# Telegram Desktop (result.json, full-account export)
# --------------------------------------------------------------------------------------------

# (name, type, weight, list)
TELEGRAM_CHATS = [
    ("Lumen Community", "public_supergroup", 5, "chats"),
    ("Lumen Team", "private_supergroup", 3, "chats"),
    ("Lumen Announcements", "public_channel", 1, "chats"),
    ("Carmen Ruiz", "personal_chat", 1, "chats"),
    ("Lumen Beta Testers", "private_group", 1, "left_chats"),
]
TELEGRAM_EMOJI = [("👍", 6), ("❤", 3), ("❤️", 2), ("🔥", 3), ("🎉", 3), ("😂", 2), ("👀", 1),
                  ("🙏", 1), ("🤝", 1), ("👍🏽", 1), ("🤯", 1), ("☺️", 1), ("☺", 1)]
TELEGRAM_RECENT = 3
TELEGRAM_ZONE = datetime.timedelta(hours=1)       # the exporting computer's zone (not in the file)


def telegram_text(rng, mentions):
    """(text as written: a string or a list of parts, text_entities, plain text)."""
    if rng.random() < 0.7:
        text = make_text(rng)
        return text, [{"type": "plain", "text": text}], text
    parts = []
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
    parts.append(words[0].upper() + words[1:] + " ")
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
    parts.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4))) + rng.choice((".", "!", "")))
    entities = [{"type": "plain", "text": p} if isinstance(p, str) else dict(p) for p in parts]
    plain = "".join(p if isinstance(p, str) else p["text"] for p in parts)
    return parts, entities, plain


def write_telegram(n_messages, rng, out_dir):
    """result.json of a full-account export: chats.list (two supergroups, a channel, a personal
    chat) and left_chats.list (a basic group), each chat's messages written as they are made."""
    os.makedirs(out_dir, exist_ok=True)
    used = set()

    def user_id(digits):
        while True:
            value = str(rng.randint(10 ** (digits - 1), 10 ** digits - 1))
            if value not in used:
                used.add(value)
                return value

    people = []                     # (from, from_id)
    for i, name in enumerate(person_names(220)):
        people.append((None if i % 97 == 96 else name, "user" + user_id(rng.choice((8, 9, 10)))))
    me = people[0]                  # the exporting account
    handles = [name.split(" ")[0].lower() for name, _ in people[:30] if name]
    carmen = ("Carmen Ruiz", "user" + user_id(10))
    emoji_values = [e for e, _ in TELEGRAM_EMOJI]
    emoji_weights = [w for _, w in TELEGRAM_EMOJI]
    documents = [str(rng.randint(5 * 10 ** 18, 6 * 10 ** 18)) for _ in range(3)]

    def local(seconds):
        return (EPOCH + datetime.timedelta(seconds=seconds) + TELEGRAM_ZONE).strftime("%Y-%m-%dT%H:%M:%S")

    counts = split_counts(rng, n_messages, [w for _, _, w, _ in TELEGRAM_CHATS])
    result = []
    path = os.path.join(out_dir, "result.json")
    out = open(path, "w", encoding="utf-8")
    out.write('{\n "about": "Here is the data you requested. Remember: Telegram is ad free, it '
              'doesn\'t use your data for ad targeting and doesn\'t store it for this purpose.",\n'
              ' "chats": {\n  "about": "This page lists all chats from this export.",\n  "list": [')
    section = "chats"
    first_chat = True
    start = 1_788_000_000 + rng.randint(0, 10 ** 6)
    for (chat_name, chat_type, _, where), count in zip(TELEGRAM_CHATS, counts):
        if where != section:
            out.write('\n  ]\n },\n "left_chats": {\n  "about": "This page lists all chats and '
                      'channels from this export that you left.",\n  "list": [')
            section, first_chat = where, True
        if chat_type == "personal_chat":
            chat_id = int(carmen[1][4:])
            members = [me, carmen]
        elif chat_type == "private_group":
            chat_id = int(user_id(9))
            members = people[:25]
        else:
            chat_id = int(user_id(10))
            members = people
        posters = members[:40] if chat_type != "personal_chat" else members
        conversation = str(chat_id)
        out.write(("" if first_chat else ",") + "\n   " +
                  dumps({"name": chat_name, "type": chat_type, "id": chat_id})[:-1] + ',"messages":[')
        first_chat = False
        first_message = True
        message_id = rng.choice((1, 1000, 250_000))
        now = start + rng.randint(0, 3600)
        written = 0
        while written < count:
            now += rng.randint(1, 900)
            message_id += 1 if rng.random() < 0.9 else rng.randint(2, 5)   # deleted ones leave gaps
            base = {"id": message_id}
            if chat_type != "personal_chat" and rng.random() < 0.03:
                actor = rng.choice(members)
                item = dict(base, type="service", date=local(now), date_unixtime=str(now),
                            actor=actor[0], actor_id=actor[1])
                if rng.random() < 0.5:
                    item.update(action="invite_members", members=[rng.choice(people)[0]])
                else:
                    item.update(action="pin_message", message_id=message_id - 1)
                item.update(text="", text_entities=[])
                out.write(("" if first_message else ",") + "\n    " + dumps(item))
                first_message = False
                continue
            if chat_type == "public_channel":
                sender = (chat_name, f"channel{chat_id}")
            else:
                sender = rng.choice(posters)
            item = dict(base, type="message", date=local(now), date_unixtime=str(now))
            if rng.random() < 0.05:
                edited = now + rng.randint(5, 3600)
                item.update(edited=local(edited), edited_unixtime=str(edited))
            item.update({"from": sender[0], "from_id": sender[1]})
            if rng.random() < 0.1 and message_id > 2:
                item["reply_to_message_id"] = message_id - rng.randint(1, 2)
            if rng.random() < 0.05:
                item.update(photo=f"photos/photo_{written + 1}@{local(now)[:10]}.jpg",
                            width=1280, height=720)
                text, entities, plain = ("", [], "") if rng.random() < 0.5 else telegram_text(rng, handles)
            else:
                text, entities, plain = telegram_text(rng, handles)
            item.update(text=text, text_entities=entities)

            # -- reactions -------------------------------------------------------------------
            reactions, expected = [], {}
            popular = rng.random() < (0.3 if chat_type == "public_channel" else 0.03)
            wanted = rng.choice((0, 0, 1, 1, 2, 3)) if chat_type != "personal_chat" \
                else rng.choice((0, 0, 0, 1))
            values = pick_weighted_distinct(rng, emoji_values + ["custom"],
                                            emoji_weights + [2], wanted,
                                            lambda v: v if v == "custom" else strip_variation(v))
            for value in values:
                if chat_type == "personal_chat":
                    holders = rng.sample(members, rng.randint(1, 2))
                else:
                    holders = rng.sample(members, min(len(members), reaction_count_for(rng, popular)))
                if len(holders) <= TELEGRAM_RECENT and rng.random() < 0.85:
                    recent = holders
                else:
                    recent = holders[:min(TELEGRAM_RECENT, rng.randint(0, len(holders)))]
                reaction = {"type": "emoji", "count": len(holders), "emoji": value}
                key = strip_variation(value)
                if value == "custom":
                    document = rng.choice(documents)
                    reaction = {"type": "custom_emoji", "count": len(holders), "document_id": document}
                    key = f":custom-{document}:"
                if recent or rng.random() < 0.5:
                    reaction["recent"] = [{"from": who[0], "from_id": who[1],
                                           "date": local(now + rng.randint(1, 86400))} for who in recent]
                else:
                    recent = []
                reactions.append(reaction)
                expected[key] = (len(holders), [who[1] for who in recent], len(recent) == len(holders))
            if chat_type != "personal_chat" and rng.random() < 0.03:
                paid = {"type": "paid", "count": rng.choice((1, 5, 10, 50, 250))}
                if rng.random() < 0.5:
                    paid["recent"] = [{"from": who[0], "from_id": who[1],
                                       "date": local(now + rng.randint(1, 86400))}
                                      for who in rng.sample(members, 1)]
                reactions.insert(rng.randint(0, len(reactions)), paid)
            if reactions:
                item["reactions"] = reactions
            out.write(("" if first_message else ",") + "\n    " + dumps(item))
            first_message = False
            written += 1
            result.append(truth("telegram", conversation, str(message_id), False, plain, expected))
        out.write("\n   ]}")
    if section == "chats":
        out.write('\n  ]\n },\n "left_chats": {\n  "about": "This page lists all chats and channels '
                  'from this export that you left.",\n  "list": [')
    out.write("\n  ]\n }\n}\n")
    out.close()
    return sorted_truth(result)


# --------------------------------------------------------------------------------------------
# Matrix (room events: a JSON array, and a /messages response {"chunk": […]})
# --------------------------------------------------------------------------------------------

# (room id, room name, weight, file name, shape, members)
MATRIX_ROOMS = [
    ("!lUmEnDeVrOoMqWeRtY:example.org", "Lumen dev", 3, "room-lumen-dev.json", "array", 30),
    ("!cOmMuNiTyAbCdEfGhI:example.org", "Lumen community", 2, "messages-lumen-community.json",
     "chunk", 90),
]
MATRIX_VALUES = [("👍", 6), ("❤️", 3), ("❤", 1), ("😂", 2), ("🎉", 3), ("🔥", 2), ("👀", 2),
                 ("🙏", 1), ("✅", 1), ("👍🏽", 1), ("🧑‍💻", 1), ("☺️", 1), ("☺", 1), ("🚀", 2)]
MATRIX_SPELLINGS = {}
for _value, _ in MATRIX_VALUES:
    MATRIX_SPELLINGS.setdefault(strip_variation(_value), []).append(_value)
MATRIX_WINDOW = 40          # messages whose annotations, edits and redactions are shuffled together
ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def write_matrix(n_messages, rng, out_dir):
    """Two rooms: one as a JSON array of events, one as {"chunk": […]}. Messages and state are in
    time order; the edits, reactions and redactions of every window of messages are shuffled
    among themselves and written after it, so a redaction often precedes what it redacts."""
    os.makedirs(out_dir, exist_ok=True)

    def event_id():
        return "$" + "".join(rng.choice(ID_CHARS) for _ in range(22)) + ":example.org"

    everyone = []
    for i, name in enumerate(person_names(200)):
        first, last = name.split(" ", 1)
        server = "example.org" if i % 5 else "matrix.org"
        localpart = first.lower() if i < 26 else f"{first.lower()}.{last.lower()}{i}"
        everyone.append((f"@{localpart}:{server}", name))
    values = [v for v, _ in MATRIX_VALUES]
    value_weights = [w for _, w in MATRIX_VALUES]

    counts = split_counts(rng, n_messages, [r[2] for r in MATRIX_ROOMS])
    result = []
    start = 1_789_000_000_000 + rng.randint(0, 10 ** 9)
    for room_index, ((room_id, room_name, _, file_name, shape, size), count) in \
            enumerate(zip(MATRIX_ROOMS, counts)):
        members = everyone[:size]
        posters = members[:25]
        if shape == "array":
            writer = JsonArrayWriter(os.path.join(out_dir, file_name))
            closing = None
        else:
            writer = JsonArrayWriter(os.path.join(out_dir, file_name), '{"chunk":[', "")
            closing = '],"start":"t%d-%d_0_0","end":"t1-1_0_0"}' % (rng.randint(100, 999), count)
        now = [start]

        def base(kind, sender, ms, eid=None):
            return {"type": kind, "event_id": eid or event_id(), "room_id": room_id,
                    "sender": sender, "origin_server_ts": ms}

        def state(kind, sender, key, content):
            now[0] += rng.randint(1, 5000)
            e = base(kind, sender, now[0])
            e.update(state_key=key, content=content, unsigned={"age": rng.randint(10 ** 6, 10 ** 9)})
            return e

        creator = members[0][0]
        writer.add(state("m.room.create", creator, "", {"creator": creator, "room_version": "10"}))
        writer.add(state("m.room.name", creator, "", {"name": room_name}))
        for mxid, name in members:
            writer.add(state("m.room.member", mxid, mxid, {"membership": "join", "displayname": name}))

        pending = []

        def flush():
            rng.shuffle(pending)
            for e in pending:
                writer.add(e)
            pending.clear()

        def redaction(target, sender, ms, reason=None):
            e = base("m.room.redaction", sender, ms)
            content = {} if reason is None else {"reason": reason}
            if rng.random() < 0.5:
                e["redacts"] = target            # room versions 1-10
                e["content"] = content
            else:
                content["redacts"] = target      # room version 11
                e["content"] = content
            return e

        recent_roots = []
        forced_delete = min(2, count - 1) if room_index == 0 else -1
        for index in range(count):
            now[0] += rng.randint(1_000, 600_000)
            ms = now[0]
            if rng.random() < 0.005:              # a display name changes: names vary over time
                who = rng.choice(members)
                writer.add(state("m.room.member", who[0], who[0],
                                 {"membership": "join", "displayname": who[1].split(" ")[0] + " (away)"}))
                ms = now[0] = now[0] + 1
            sender = rng.choice(posters)[0]
            text = make_text(rng)
            eid = event_id()
            content = {"msgtype": "m.text", "body": text}
            if recent_roots and rng.random() < 0.08:
                root = rng.choice(recent_roots)
                content["m.relates_to"] = {"rel_type": "m.thread", "event_id": root,
                                           "is_falling_back": True,
                                           "m.in_reply_to": {"event_id": root}}
            else:
                recent_roots.append(eid)
                if len(recent_roots) > 30:
                    recent_roots.pop(0)
            message = base("m.room.message", sender, ms, eid)
            message.update(content=content, unsigned={"age": rng.randint(10 ** 6, 10 ** 9)})
            writer.add(message)

            # -- edits: the newest by origin_server_ts wins, whatever the file order ---------
            final_text, edit_ids = text, []
            if rng.random() < 0.05:
                offsets = sorted(rng.sample(range(1_000, 3_600_000), rng.randint(1, 3)))
                for k, offset in enumerate(offsets):
                    new_text = f"{text} (edit {k + 1})"
                    edit = base("m.room.message", sender, ms + offset)
                    edit["content"] = {"msgtype": "m.text", "body": "* " + new_text,
                                       "m.new_content": {"msgtype": "m.text", "body": new_text},
                                       "m.relates_to": {"rel_type": "m.replace", "event_id": eid}}
                    pending.append(edit)
                    edit_ids.append(edit["event_id"])
                    final_text = new_text

            # -- deletion --------------------------------------------------------------------
            deleted = index == forced_delete or rng.random() < 0.01
            if deleted:
                pending.append(redaction(eid, sender, ms + rng.randint(1_000, 10 ** 7),
                                         "posted in the wrong room"))

            # -- reactions -------------------------------------------------------------------
            popular = rng.random() < 0.03
            expected = {}
            for value in pick_weighted_distinct(rng, values, value_weights,
                                                rng.choice((0, 0, 0, 1, 1, 2, 3)), strip_variation):
                key = strip_variation(value)
                holders = set()
                for mxid, _ in rng.sample(members, min(len(members), reaction_count_for(rng, popular))):
                    spellings = [value]
                    if rng.random() < 0.06:       # the same annotation again (federation)
                        spellings.append(rng.choice(MATRIX_SPELLINGS[key]))
                    for spelling in spellings:
                        target = rng.choice(edit_ids) if edit_ids and rng.random() < 0.3 else eid
                        at = ms + rng.randint(1_000, 2 * 86_400_000)
                        reaction = base("m.reaction", mxid, at)
                        reaction["content"] = {"m.relates_to": {"rel_type": "m.annotation",
                                                                "event_id": target, "key": spelling}}
                        if rng.random() < 0.1:    # taken back: a redaction removes it
                            removal = redaction(reaction["event_id"], mxid,
                                                at + rng.randint(1_000, 86_400_000))
                            if rng.random() < 0.2:    # kept in the dump already redacted
                                reaction["content"] = {}
                                reaction["unsigned"] = {"redacted_because": dict(removal)}
                            pending.append(removal)
                        else:
                            holders.add(mxid)
                        pending.append(reaction)
                expected[key] = (len(holders), holders, True)
            if rng.random() < 0.01:               # redaction of an event the dump never saw
                pending.append(redaction(event_id(), sender, ms + 5_000))

            result.append(truth("matrix", room_id, eid, deleted, final_text, expected))
            if (index + 1) % MATRIX_WINDOW == 0:
                flush()
        flush()
        writer.close(closing)
    return sorted_truth(result)


WRITERS = {"slack": write_slack, "slack-zip": write_slack_zip, "discord": write_discord,
           "telegram": write_telegram, "matrix": write_matrix}
