"""Reactor-heavy exports of every platform and shape for the memory benchmark (issue 31), without
ground truth: about 6 reactions a message, every reactor listed (lists up to 120), in the shapes
our users have. One function per shape; the random stream is random.Random(seed).

slack           DIR/<channel>/<day>.json day files (large.py's layout)
slack-general   the same, #general holding a third of the messages (issue 32's shards)
discord         six DiscordChatExporter channel files, reactors listed in `users`
stream          one channel export {"channels": [{"channel", "messages"}]}, every reactor in
                `latest_reactions`, with `reaction_groups`
telegram        one full-account result.json, every reactor in `recent`
matrix          one JSON array of room events, each reaction its own `m.reaction` event
pubnub-history  history with actions (actions inside the messages)
pubnub-events   history with actions for half the channels; plain history and a JSONL log of
                `added`/`removed` message-action events (some adds taken back) for the rest
pubnub-list     plain history and one message-action list {"data": [...]} of the adds
cometchat       message files {"data": [...]} with reaction summaries, and reaction lists
"""

import datetime
import os

from .jsonwriter import JsonArrayWriter, dumps
from .large import EMOJI, EMOJI_NAMES, SLACK_CHANNELS, text, write_slack

PEOPLE = 2000
CHANNELS = 8


def heavy_count(rng):
    """About 6 reactions a message: most get 0 to 10, one in 100 a crowd of 30 to 120."""
    if rng.random() < 0.01:
        return rng.randint(30, 120)
    return rng.randint(0, 10)


def spread(rng, people, total):
    """(emoji index, reactors) pairs: distinct emoji, distinct reactors per emoji."""
    if total == 0:
        return []
    kinds = rng.sample(range(len(EMOJI)), rng.randint(1, min(total, 4)))
    sizes = [1] * len(kinds)
    for _ in range(total - len(kinds)):
        sizes[rng.randrange(len(kinds))] += 1
    return [(kind, rng.sample(people, min(size, len(people)))) for kind, size in zip(kinds, sizes)]


def iso_ms(ms):
    moment = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def write_heavy_slack(n, rng, out):
    write_slack(n, rng, out, count=heavy_count, spreading=spread)


def write_discord(n, rng, out):
    people = [{"id": str(100_000_000_000_000_000 + i), "name": f"user{i}", "discriminator": "0000",
               "nickname": f"User {i}", "color": None, "isBot": False} for i in range(PEOPLE)]
    guild = {"id": "900000000000000001", "name": "Heavy", "iconUrl": ""}
    files = 6
    snowflake = 1_100_000_000_000_000_000
    for f in range(files):
        count = n // files if f < files - 1 else n - (n // files) * (files - 1)
        channel = {"id": str(910_000_000_000_000_000 + f), "type": "GuildTextChat",
                   "categoryId": "920000000000000000", "category": "Text", "name": f"channel-{f}",
                   "topic": None}
        head = {"guild": guild, "channel": channel, "dateRange": {"after": None, "before": None},
                "exportedAt": "2026-01-01T00:00:00.000+00:00"}
        path = os.path.join(out, f"Heavy - Text - channel-{f} [{channel['id']}].json")
        writer = JsonArrayWriter(path, dumps(head)[:-1] + ',"messages":[', "")
        ms = 1_700_000_000_000
        for _ in range(count):
            ms += rng.randint(1_000, 60_000)
            snowflake += rng.randint(1, 1 << 22)
            reactions = [{"emoji": {"id": "", "name": EMOJI[e], "code": EMOJI_NAMES[e].strip(":"),
                                    "isAnimated": False, "imageUrl": ""},
                          "count": len(users), "users": [people[u] for u in users]}
                         for e, users in spread(rng, range(PEOPLE), heavy_count(rng))]
            writer.add({"id": str(snowflake), "type": "Default", "timestamp": iso_ms(ms),
                        "timestampEdited": None, "isPinned": False, "content": text(rng),
                        "author": rng.choice(people), "attachments": [], "embeds": [],
                        "stickers": [], "reactions": reactions, "mentions": []})
        writer.close('],"messageCount":%d}' % writer.count)


def write_stream(n, rng, out):
    writer = JsonArrayWriter(os.path.join(out, "export.json"), '{"channels":[', "]}")
    serial = 0
    for c in range(CHANNELS):
        count = n // CHANNELS if c < CHANNELS - 1 else n - (n // CHANNELS) * (CHANNELS - 1)
        cid = f"messaging:channel-{c}"
        writer.add_raw('{"channel":%s,"messages":[' % dumps(
            {"id": f"channel-{c}", "type": "messaging", "cid": cid, "name": f"Channel {c}"}))
        ms = 1_700_000_000_000
        for k in range(count):
            ms += rng.randint(1_000, 60_000)
            serial += 1
            mid = f"{serial:08x}-0000-4000-8000-{rng.getrandbits(48):012x}"
            author = rng.randrange(PEOPLE)
            latest, groups = [], {}
            for e, users in spread(rng, range(PEOPLE), heavy_count(rng)):
                kind = EMOJI_NAMES[e]
                at = iso_ms(ms + 5_000)
                groups[kind] = {"count": len(users), "sum_scores": len(users),
                                "first_reaction_at": at, "last_reaction_at": at}
                latest += [{"type": kind, "score": 1, "user_id": f"user-{u}",
                            "user": {"id": f"user-{u}", "name": f"User {u}"}, "message_id": mid,
                            "created_at": at, "updated_at": at} for u in users]
            message = {"id": mid, "text": text(rng), "type": "regular",
                       "user": {"id": f"user-{author}", "name": f"User {author}"},
                       "created_at": iso_ms(ms), "latest_reactions": latest,
                       "own_reactions": [], "reaction_groups": groups}
            writer.file.write(("," if k else "") + "\n" + dumps(message))
        writer.file.write("\n]}")
    writer.close()


def write_telegram(n, rng, out):
    chats = max(1, n // 100_000)
    with open(os.path.join(out, "result.json"), "w", encoding="utf-8") as f:
        f.write('{"about":"generated","chats":{"about":"","list":[')
        written = 0
        for c in range(chats):
            count = n // chats if c < chats - 1 else n - written
            head = {"name": f"Group {c}", "type": "private_supergroup", "id": 1_000_000 + c}
            f.write(("," if c else "") + dumps(head)[:-1] + ',"messages":[')
            date = 1_700_000_000
            for k in range(count):
                date += rng.randint(1, 30)
                local = datetime.datetime.fromtimestamp(date, datetime.timezone.utc).strftime(
                    "%Y-%m-%dT%H:%M:%S")
                who = rng.randrange(PEOPLE)
                message = {"id": k + 1, "type": "message", "date": local,
                           "date_unixtime": str(date), "from": f"User {who}",
                           "from_id": f"user{who}", "text": text(rng), "text_entities": []}
                reactions = [{"type": "emoji", "count": len(users), "emoji": EMOJI[e],
                              "recent": [{"from": f"User {u}", "from_id": f"user{u}", "date": local}
                                         for u in users]}
                             for e, users in spread(rng, range(PEOPLE), heavy_count(rng))]
                if reactions:
                    message["reactions"] = reactions
                f.write(("," if k else "") + dumps(message))
            written += count
            f.write("]}")
        f.write("]}}")


def write_matrix(n, rng, out):
    """One room: its state, then each message followed by its reactions (the first few of a
    message's reactions may come before the next message, as a server delivers them)."""
    room = "!heavyRoomAbCdEfGhIj:example.org"
    people = [f"@user{i}:example.org" for i in range(PEOPLE)]
    writer = JsonArrayWriter(os.path.join(out, "room.json"))
    serial = [0]

    def event(kind, sender, ms, content):
        serial[0] += 1
        return {"type": kind, "event_id": f"${serial[0]:012d}{rng.getrandbits(40):010x}:example.org",
                "room_id": room, "sender": sender, "origin_server_ts": ms, "content": content}

    ms = 1_700_000_000_000
    writer.add(event("m.room.create", people[0], ms, {"creator": people[0], "room_version": "10"}))
    for i, mxid in enumerate(people):
        member = event("m.room.member", mxid, ms, {"membership": "join", "displayname": f"User {i}"})
        member["state_key"] = mxid
        writer.add(member)
    for _ in range(n):
        ms += rng.randint(1_000, 60_000)
        message = event("m.room.message", rng.choice(people), ms, {"msgtype": "m.text", "body": text(rng)})
        writer.add(message)
        for e, users in spread(rng, people, heavy_count(rng)):
            for u in users:
                relation = {"rel_type": "m.annotation", "event_id": message["event_id"], "key": EMOJI[e]}
                writer.add(event("m.reaction", u, ms + rng.randint(1, 86_400_000),
                                 {"m.relates_to": relation}))
    writer.close()


def pubnub_history(rng, n, out, name, with_actions, log, listed):
    """One channel's history file; adds go into the messages (`with_actions`), or as events into
    `log` (an open JSONL file) or as items into `listed` (a list of JSON lines)."""
    tt = 17_000_000_000_000_000
    with open(os.path.join(out, f"history-{name}.json"), "w", encoding="utf-8") as f:
        f.write('{"status":200,"error":false,"error_message":"","channels":{%s:[' % dumps(name))
        for k in range(n):
            tt += rng.randint(10_000_000, 100_000_000)
            item = {"message": {"text": text(rng)}, "timetoken": str(tt),
                    "uuid": f"user-{rng.randrange(PEOPLE)}"}
            actions = {}
            at = tt + 1000
            for e, users in spread(rng, range(PEOPLE), heavy_count(rng)):
                for u in users:
                    at += rng.randint(1, 1000)
                    add = {"type": "reaction", "value": EMOJI[e], "uuid": f"user-{u}",
                           "actionTimetoken": str(at), "messageTimetoken": str(tt)}
                    if with_actions:
                        actions.setdefault(EMOJI[e], []).append(
                            {"uuid": add["uuid"], "actionTimetoken": add["actionTimetoken"]})
                    elif log is not None:
                        log.write(pubnub_event(name, "added", add, at + 7))
                        if rng.random() < 0.12:       # taken back, and given again
                            log.write(pubnub_event(name, "removed", add, at + 9))
                            at += 11
                            again = dict(add, actionTimetoken=str(at))
                            log.write(pubnub_event(name, "added", again, at + 7))
                    else:
                        listed.append(dumps(add))
            if actions:
                item["actions"] = {"reaction": actions}
            f.write(("," if k else "") + "\n" + dumps(item))
        f.write("\n]}}\n")


def pubnub_event(channel, kind, data, when):
    return dumps({"channel": channel, "timetoken": str(when), "publisher": data["uuid"],
                  "event": kind, "data": data}) + "\n"


def write_pubnub(n, rng, out, mode):
    per = n // CHANNELS
    log = open(os.path.join(out, "events.jsonl"), "w", encoding="utf-8") if mode == "events" else None
    listed = []
    for c in range(CHANNELS):
        count = per if c < CHANNELS - 1 else n - per * (CHANNELS - 1)
        with_actions = mode == "history" or (mode == "events" and c < CHANNELS // 2)
        pubnub_history(rng, count, out, f"channel-{c}", with_actions, log, listed)
    if log:
        log.close()
    if mode == "list":
        with open(os.path.join(out, "actions.json"), "w", encoding="utf-8") as f:
            f.write('{"status":200,"data":[\n' + ",\n".join(listed) + "\n]}\n")


def write_cometchat(n, rng, out):
    messages = JsonArrayWriter(os.path.join(out, "messages.json"), '{"data":[', "")
    reactions = JsonArrayWriter(os.path.join(out, "reactions.json"), '{"data":[', "")
    sent, rid = 1_700_000_000, 10 ** 9
    for k in range(n):
        sent += rng.randint(1, 60)
        mid = str(k + 1)
        group = f"group-{k % CHANNELS}"
        sender = f"user-{rng.randrange(PEOPLE)}"
        summary = []
        for e, users in spread(rng, range(PEOPLE), heavy_count(rng)):
            summary.append({"reaction": EMOJI[e], "count": len(users)})
            for u in users:
                rid += 1
                reactions.add({"id": str(rid), "messageId": mid, "reaction": EMOJI[e],
                               "uid": f"user-{u}", "reactedAt": sent + 60,
                               "reactedBy": {"uid": f"user-{u}", "name": f"User {u}"}})
        message = {"id": mid, "conversationId": f"group_{group}", "sender": sender,
                   "receiverType": "group", "receiver": group, "category": "message", "type": "text",
                   "data": {"text": text(rng), "entities": {
                       "sender": {"entityType": "user", "entity": {"uid": sender, "name": sender}},
                       "receiver": {"entityType": "group", "entity": {"guid": group, "name": group}}}},
                   "sentAt": sent, "updatedAt": sent}
        if summary:
            message["reactions"] = summary
        messages.add(message)
    messages.close('],"meta":{"current":{"limit":%d,"count":%d}}}' % (max(1, n), n))
    reactions.close('],"meta":{"current":{"limit":100,"count":%d}}}' % reactions.count)


WRITERS = {
    "slack": write_heavy_slack, "discord": write_discord, "stream": write_stream,
    "slack-general": lambda n, rng, out: write_slack(n, rng, out, count=heavy_count, spreading=spread, first_share=1 / 3),
    "telegram": write_telegram, "matrix": write_matrix, "cometchat": write_cometchat,
    "pubnub-history": lambda n, rng, out: write_pubnub(n, rng, out, "history"),
    "pubnub-events": lambda n, rng, out: write_pubnub(n, rng, out, "events"),
    "pubnub-list": lambda n, rng, out: write_pubnub(n, rng, out, "list"),
}
assert len(SLACK_CHANNELS) == CHANNELS
