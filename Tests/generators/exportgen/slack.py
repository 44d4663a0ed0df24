"""Slack: a workspace export, as a folder (users.json, channels.json, integration_logs.json and
<channel>/<YYYY-MM-DD>.json day files) or as the same folder zipped.

Truth: conversation = channel id, id = `ts`. `count` is the total; `users` may list fewer
(complete false). `channel_join` messages are not messages. A `tombstone` thread parent is a
deleted message. `+1` and `thumbsup` never share a message (one key, two totals that cannot be
merged). Text is the raw mrkdwn, exactly as in the file.

Threads: a root has `thread_ts` == `ts` (and `reply_count`); a reply, in the same channel's day
files, has the root's `thread_ts` (replyTo). Most replies go to open threads; some to an old
root (days later), some to a root the export lacks. Bots, each marked as Slack marks them (the
message is fromBot): apps post with `user` (their bot user, `is_bot` in users.json), `bot_id`,
`app_id` and `bot_profile`; a legacy integration posts `subtype` `bot_message` with `bot_id` and
`username`; an incoming webhook `bot_message` with `username` only (no author at all). The
bot users also react. Bots: the `is_bot` users and the legacy integration's `bot_id`.
"""

import json
import os
import shutil
import zipfile

from .jsonwriter import JsonArrayWriter
from .world import HEX, WORDS, ReplyTargets, is_bot_message, parent_choice, person_names, \
    pick_weighted_distinct, quiet_spell, random_chars, reaction_count_for, reply_author, \
    sentence_end, sentence_start, utc_day, uuid_text

# (reaction name, key, weight). Only these names: each resolves through the tool's shortcode
# table, or (the two custom ones) through nothing at all.
REACTIONS = [
    ("+1", "👍", 6), ("thumbsup", "👍", 3), ("heart", "❤", 4), ("joy", "😂", 3),
    ("fire", "🔥", 3), ("eyes", "👀", 3), ("tada", "🎉", 3), ("+1::skin-tone-2", "👍🏻", 1),
    ("+1::skin-tone-5", "👍🏾", 1), ("partyparrot", ":partyparrot:", 1),
    ("shipit_custom", ":shipit_custom:", 1),
]
REACTION_WEIGHTS = [w for _, _, w in REACTIONS]
CHANNELS = [("general", 5, "Company-wide announcements and work-based matters"),
            ("engineering", 4, "Builds, reviews and deploys"),
            ("support", 3, "Customer tickets that need an engineer"),
            ("launch", 2, "Lumen launch coordination"),
            ("random", 2, "Non-work banter")]
CHANNEL_WEIGHTS = [w for _, w, _ in CHANNELS]
EXTRAS = [' "quoted"', " *bold*", " _really_", " ~old plan~", " `make test`", "\nsecond line",
          " :tada:", " ☕", " naïve café", " 🚀", " 50% done", " ẞ ß Ω 漢字",
          " path/to/export.csv", " C:\\temp\\logs", " tab\there"]
ID_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
# (name, display name): the first two are apps with a bot user, the last a legacy integration.
BOTS = [("deploybot", "Deploys"), ("GitHub", "GitHub"), ("Lumen Status", "Status")]
# Who writes a bot message: an app (twice as often), the legacy integration, a webhook.
BOT_KINDS = ("app", "app", "legacy", "hook")
MAX_LISTED = 50            # the reactions API lists at most 50 users


def slack_dumps(value):
    """Slack exports are PHP json_encode output: non-ASCII as \\u escapes, "/" as "\\/"."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("/", "\\/")


def ts_text(micros):
    return f"{micros // 10 ** 6}.{micros % 10 ** 6:06d}"


def write(rng, n, folder, truth, scratch=None):
    """Writes the workspace into `folder`, day files as the timeline is made, and the truth."""
    os.makedirs(folder, exist_ok=True)
    workspace = Workspace(rng)
    workspace.write(folder)
    for cid, name in workspace.channels:
        truth.conversation(cid, name)
    truth.people([(u["id"], workspace.shown_name(u)) for u in workspace.users[:40]])
    for user in workspace.bot_users:
        truth.bot(user["id"])
    timeline = Timeline(rng, workspace, folder)
    for i in range(n):
        timeline.add(i, truth)
    timeline.close()


def write_zip(rng, n, folder, truth, scratch):
    """The same workspace as `write`, as folder/export.zip (deflate, fixed entry times, so the
    same seed gives the same bytes)."""
    os.makedirs(folder, exist_ok=True)
    staging = os.path.join(scratch, "slack-staging")
    write(rng, n, staging, truth)
    entries = []
    for parent, dirs, files in os.walk(staging):
        dirs.sort()
        for file in files:
            path = os.path.join(parent, file)
            entries.append((os.path.relpath(path, staging).replace(os.sep, "/"), path))
    entries.sort()
    with zipfile.ZipFile(os.path.join(folder, "export.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in entries:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(path, "rb") as source, archive.open(info, "w") as target:
                shutil.copyfileobj(source, target, 1 << 20)
    shutil.rmtree(staging)


class Workspace:
    """The team, its people (some reactors are not in users.json), bots and channels."""

    def __init__(self, rng):
        self.rng = rng
        self.used = set()
        self.team = self.new_id("T0", 9)
        self.users = [self.new_user(i, name) for i, name in enumerate(person_names(160))]
        self.user_ids = [u["id"] for u in self.users]
        # Reactors who are not in users.json (external or since-removed accounts).
        ghosts = [self.new_id("U0", 11) for _ in range(15)]
        self.authors = self.user_ids[:40]
        self.user_by_id = {u["id"]: u for u in self.users}
        self.bots = [(self.new_id("B0", 11), name) for name, _ in BOTS]
        self.bot_users = [self.new_bot_user(bot_id, name, display)
                          for (bot_id, name), (_, display) in zip(self.bots[:2], BOTS)]
        self.app_ids = [self.new_id("A0", 11) for _ in self.bot_users]
        self.reactor_pool = self.user_ids + ghosts + [u["id"] for u in self.bot_users]
        self.channels = [(self.new_id("C0", rng.choice((9, 11))), name) for name, _, _ in CHANNELS]

    def new_id(self, prefix, length):
        while True:
            value = prefix + random_chars(self.rng, ID_CHARS, length - len(prefix))
            if value not in self.used:
                self.used.add(value)
                return value

    def new_user(self, i, name):
        rng, team = self.rng, self.team
        uid = self.new_id("U0", rng.choice((9, 11)))
        first, last = name.split(" ", 1)
        handle = f"{first.lower()}.{last.lower()}" if i >= 26 else first.lower()
        display = "" if rng.random() < 0.15 else (first if rng.random() < 0.6 else handle)
        return {
            "id": uid, "team_id": team, "name": handle, "deleted": i % 53 == 52,
            "color": random_chars(rng, HEX, 6), "real_name": name,
            "tz": "Europe/Berlin", "tz_label": "Central European Time", "tz_offset": 3600,
            "profile": {"title": "", "phone": "", "skype": "", "real_name": name,
                        "real_name_normalized": name, "display_name": display,
                        "display_name_normalized": display, "status_text": "", "status_emoji": "",
                        "avatar_hash": random_chars(rng, HEX, 12),
                        "image_72": f"https://avatars.slack-edge.com/2026-01-01/{uid}_72.png",
                        "first_name": first, "last_name": last, "team": team},
            "is_admin": i == 0, "is_owner": i == 0, "is_bot": False, "updated": 1_780_000_000 + i}

    def new_bot_user(self, bot_id, name, display):
        """An app's bot user, as users.json lists it."""
        uid = self.new_id("U0", 11)
        return {"id": uid, "team_id": self.team, "name": name.lower(), "deleted": False,
                "color": random_chars(self.rng, HEX, 6), "real_name": display,
                "profile": {"title": "", "phone": "", "skype": "", "real_name": display,
                            "real_name_normalized": display, "display_name": "",
                            "display_name_normalized": "", "bot_id": bot_id,
                            "always_active": True, "first_name": display, "last_name": "",
                            "team": self.team},
                "is_admin": False, "is_owner": False, "is_bot": True, "is_app_user": False,
                "updated": 1_780_000_000}

    @staticmethod
    def shown_name(user):
        """The name the tool shows: the display name, else the real name, else the handle."""
        return user["profile"]["display_name"] or user["real_name"] or user["name"]

    def write(self, folder):
        """users.json, channels.json and integration_logs.json."""
        first = self.user_ids[0]
        with open(os.path.join(folder, "users.json"), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(slack_dumps(u) for u in self.users + self.bot_users)
                    + "\n]\n")
        items = []
        for (cid, name), (_, _, purpose) in zip(self.channels, CHANNELS):
            items.append(slack_dumps({
                "id": cid, "name": name, "created": 1_760_000_000, "creator": first,
                "is_archived": False, "is_general": name == "general",
                "members": sorted(self.rng.sample(self.user_ids, 30)),
                "topic": {"value": "", "creator": "", "last_set": 0},
                "purpose": {"value": purpose, "creator": first, "last_set": 1_760_000_000}}))
        with open(os.path.join(folder, "channels.json"), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(items) + "\n]\n")
        with open(os.path.join(folder, "integration_logs.json"), "w", encoding="utf-8") as f:
            f.write(slack_dumps({"logs": [{"user_id": first, "user_name": self.users[0]["name"],
                                           "date": "1760000100", "change_type": "added",
                                           "app_type": "bot", "service_id": self.bots[0][0],
                                           "service_type": "Bot", "reason": ""}]}) + "\n")

    def text(self):
        """A message's mrkdwn: sometimes formatting, a link, a mention or a channel reference."""
        rng = self.rng
        text = sentence_start(rng)
        r = rng.random()
        if r < 0.30:
            text += rng.choice(EXTRAS)
        elif r < 0.40:
            word = rng.choice(WORDS)
            text += f" <https://example.com/docs/{word}?tab=1|{word} notes>"
        elif r < 0.50:
            text = f"<@{rng.choice(self.user_ids)}> " + text[0].lower() + text[1:]
        elif r < 0.54:
            cid, name = rng.choice(self.channels)
            text += f" see <#{cid}|{name}>"
        elif r < 0.57:
            text += " <https://status.example.com/incidents/42>"
        return sentence_end(rng, text)


class Timeline:
    """The messages in time order, each written to its channel's day file as it is made. Who
    writes a message is a pair (kind, id): ("person", user id), ("app", bot user index),
    ("legacy", None), ("hook", None) or ("tombstone", "USLACKBOT")."""

    def __init__(self, rng, workspace, folder):
        self.rng, self.ws, self.folder = rng, workspace, folder
        self.day_writer = {}                  # channel name -> (day, JsonArrayWriter)
        # per channel: the open threads [ts, root's writer, replies left], and every root (ts,
        # root's writer) for late replies
        self.open_threads = {name: [] for _, name in workspace.channels}
        self.roots = {name: ReplyTargets() for _, name in workspace.channels}
        self.people = [("person", uid) for uid in workspace.authors]
        self.now = (1_790_000_000 + rng.randint(0, 10 ** 6)) * 10 ** 6 + rng.randint(0, 10 ** 6)  # µs
        self.start = self.now
        self.last_message = None              # (channel name, ts µs) of the previous message
        self.last_ts = {name: -1 for _, name in workspace.channels}   # the newest ts per channel

    def emit(self, name, micros, message):
        day = utc_day(micros // 10 ** 6)
        current = self.day_writer.get(name)
        if current is None or current[0] != day:
            if current is not None:
                current[1].close()
            os.makedirs(os.path.join(self.folder, name), exist_ok=True)
            current = (day, JsonArrayWriter(os.path.join(self.folder, name, f"{day}.json")))
            self.day_writer[name] = current
        current[1].add_raw(slack_dumps(message))

    def close(self):
        for _, writer in self.day_writer.values():
            writer.close()

    def add(self, i, truth):
        rng, channels = self.rng, self.ws.channels
        cid, name = channels[i] if i < len(channels) else rng.choices(channels, CHANNEL_WEIGHTS)[0]
        micros = self.next_ts(name, self.add_joins())
        threads = self.open_threads[name]
        role = "plain"
        if threads and rng.random() < 0.35:
            role = "reply"
        elif rng.random() < 0.07 and len(threads) < 20:
            role = "root"
        parent = self.parent(name, threads) if role == "reply" else None
        who = self.writer(role, parent)
        text = "This message was deleted." if who[0] == "tombstone" else self.ws.text()
        message = {"type": "message"}
        self.fill(message, who, text, micros)
        ts = message["ts"]
        if role == "root":
            replies = rng.randint(1, 5 if who[0] == "tombstone" else 8)
            message.update(thread_ts=ts, reply_count=replies)
            if who[0] == "person":
                message["reply_users_count"] = min(replies, rng.randint(1, 4))
            threads.append([ts, who, replies])
            self.roots[name].add(rng, (ts, who))
        elif role == "reply":
            message["thread_ts"] = parent[0]
            if self.author_id(parent[1]) is not None:
                message["parent_user_id"] = self.author_id(parent[1])
        expected = self.add_reactions(message) if who[0] != "tombstone" else {}
        self.emit(name, micros, message)
        if who[0] == "legacy":
            truth.bot(message["bot_id"])
        truth.add(cid, ts, who[0] == "tombstone", text, expected, author=self.author_id(who),
                  reply_to=parent[0] if parent else None, from_bot=who[0] in BOT_KINDS)

    def parent(self, name, threads):
        """(thread_ts, the root's writer) of the thread a reply goes to: an open thread, an old
        root, or a root the export lacks (from before it starts)."""
        rng = self.rng
        choice = parent_choice(rng)
        if choice == "lost":
            micros = self.start - rng.randint(3600, 30 * 86400) * 10 ** 6
            return ts_text(micros), rng.choice(self.people)
        if choice == "older":
            return self.roots[name].pick(rng, "older")
        index = rng.randrange(len(threads))
        thread = threads[index]
        thread[2] -= 1
        if thread[2] <= 0:
            threads.pop(index)
        return thread[0], thread[1]

    def writer(self, role, parent):
        """Who writes the message: now and then a bot; a reply's writer as world.reply_author
        says (a webhook answering its own post is a webhook again)."""
        rng = self.rng
        if role == "root" and rng.random() < 0.05:
            return ("tombstone", "USLACKBOT")
        if is_bot_message(rng):
            kind = rng.choice(BOT_KINDS)
            return (kind, rng.randrange(len(self.ws.bot_users)) if kind == "app" else None)
        if role == "reply":
            who = reply_author(rng, parent[1], self.people)
            if who[0] != "tombstone":
                return who
        return rng.choice(self.people)

    def author_id(self, who):
        kind, ident = who
        if kind == "app":
            return self.ws.bot_users[ident]["id"]
        if kind == "legacy":
            return self.ws.bots[2][0]
        return None if kind == "hook" else ident

    def add_joins(self):
        """Membership events: skipped by the tool, so never in the truth. True when any."""
        rng, joined = self.rng, False
        while rng.random() < 0.02:
            self.now += rng.randint(10 ** 5, 60 * 10 ** 6)
            _, name = rng.choice(self.ws.channels)
            who = rng.choice(self.ws.user_ids)
            self.emit(name, self.now, {"user": who, "type": "message", "subtype": "channel_join",
                                       "text": f"<@{who}> has joined the channel",
                                       "ts": ts_text(self.now)})
            joined = True
        return joined

    def next_ts(self, name, joined):
        """The message's ts in µs: now a bit later (days, after a quiet spell), or, rarely, the
        previous message's ts when that was in another channel (ids are per channel)."""
        last = self.last_message
        if (not joined and last and last[0] != name
                and self.last_ts[name] < last[1] and self.rng.random() < 0.01):
            micros = last[1]
        else:
            self.now += self.rng.randint(10 ** 6, 900 * 10 ** 6) + quiet_spell(self.rng) * 10 ** 6
            micros = self.now
        self.last_message = (name, micros)
        self.last_ts[name] = micros
        return micros

    def fill(self, message, who, text, micros):
        """The fields of a person's message, an app's, a legacy integration's or a webhook's
        (`bot_message`), or a tombstone; the thread's fields come after."""
        rng, ts, team = self.rng, ts_text(micros), self.ws.team
        kind, ident = who
        if kind in ("legacy", "hook"):
            message.update(subtype="bot_message", text=text, ts=ts)
            if kind == "legacy":
                message["bot_id"], message["username"] = self.ws.bots[2][0], BOTS[2][0]
            else:
                message["username"] = "ci-webhook"
            message["icons"] = {"emoji": ":robot_face:"}
            return
        if kind == "app":
            user = self.ws.bot_users[ident]
            bot_id, app_id = user["profile"]["bot_id"], self.ws.app_ids[ident]
            message.update(text=text, user=user["id"], bot_id=bot_id, app_id=app_id, ts=ts,
                           team=team, bot_profile={
                               "id": bot_id, "deleted": False, "name": user["name"],
                               "updated": 1_780_000_000, "app_id": app_id,
                               "icons": {"image_48": "https://a.slack-edge.com/80588/img/"
                                                     "plugins/app/bot_48.png"},
                               "team_id": team})
            return
        if kind == "tombstone":
            message.update(subtype="tombstone", text=text, user="USLACKBOT", hidden=True, ts=ts)
            return
        author = ident
        message.update(client_msg_id=uuid_text(rng, rng.getrandbits(32)),
                       text=text, user=author, ts=ts, team=team)
        if rng.random() < 0.6:
            u = self.ws.user_by_id[author]
            message["user_profile"] = {"avatar_hash": u["profile"]["avatar_hash"],
                                       "first_name": u["profile"]["first_name"],
                                       "real_name": u["real_name"],
                                       "display_name": u["profile"]["display_name"],
                                       "team": team, "name": u["name"], "is_restricted": False}
        if rng.random() < 0.05:
            message["edited"] = {"user": author, "ts": ts_text(micros + rng.randint(10 ** 6, 10 ** 9))}

    def add_reactions(self, message):
        """Adds the message's reactions (the users list capped, sometimes cut) and returns the
        truth."""
        rng = self.rng
        reactions, expected = [], {}
        popular = rng.random() < 0.03
        for rname, key, _ in pick_weighted_distinct(rng, REACTIONS, REACTION_WEIGHTS,
                                                    rng.choice((0, 0, 0, 1, 1, 2, 3)), lambda e: e[1]):
            holders = rng.sample(self.ws.reactor_pool, reaction_count_for(rng, popular))
            listed = holders[:MAX_LISTED]
            if rng.random() < 0.05:
                listed = listed[:rng.randint(0, len(listed) - 1)]
            reactions.append({"name": rname, "users": listed, "count": len(holders)})
            expected[key] = (len(holders), listed, len(listed) == len(holders))
        if reactions:
            message["reactions"] = reactions
        return expected
