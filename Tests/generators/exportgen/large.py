"""Large seeded exports for the speed and memory benchmarks, without ground truth (the
correctness checks use the ground-truth shape at a few thousand messages). A world of its own,
flatter than world.py's: 2,000 people with numbered names, short texts from a small vocabulary,
on average 1.5 reactions per message and, on a few messages, 120 reactors on one emoji.

slack:    DIR/users.json, channels.json and DIR/<channel>/<YYYY-MM-DD>.json day files (40 days
          over 8 channels: 320 day files, as issue 5 asks: "about 270 MB of JSON in a few hundred
          day files" for a million messages; 40 days more per further million), about 270 bytes of JSON per message, with the
          `client_msg_id` that Slack writes on every message a person sent
pubnub:   DIR/history.json, one history-with-actions response holding every message
telegram: DIR/result.json, a full-account export with one large group chat per 100,000 messages

The random stream is random.Random(seed), whatever the platform.
"""

import datetime
import json
import os
import random

from .jsonwriter import dumps

EMOJI_NAMES = ["+1", "heart", "joy", "tada", "eyes", "fire", "rocket", "pray", "white_check_mark",
               "100", "+1::skin-tone-2", "thinking_face", "clap", "partyparrot", "shipit"]
EMOJI = ["👍", "❤️", "😂", "🎉", "👀", "🔥", "🚀", "🙏", "✅", "💯", "👍🏻", "🤔", "👏"]
WORDS = ("release deploy review the a to of and is it we for on with this that build test fix "
         "ship today tomorrow thanks please merge branch staging prod logs error green red done "
         "looks good").split()
DAYS = 40
SLACK_CHANNELS = ["general", "engineering", "random", "support", "launch", "design", "ops", "sales"]


def reaction_count(rng):
    """Mean 1.5: most messages get none or one or two; one in 500 gets a crowd."""
    roll = rng.random()
    if roll < 0.002:
        return 120
    if roll < 0.35:
        return 0
    if roll < 0.65:
        return 1
    if roll < 0.85:
        return 2
    return rng.randint(3, 4)


def text(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 24)))


def spread(rng, people, total):
    """Splits `total` reactions into (emoji index, reactors): distinct emoji, distinct reactors
    per emoji."""
    if total == 0:
        return []
    if total >= 120:
        return [(rng.randrange(len(EMOJI)), rng.sample(people, total))]
    kinds = rng.sample(range(len(EMOJI)), rng.randint(1, total))
    sizes = [1] * len(kinds)
    for _ in range(total - len(kinds)):
        sizes[rng.randrange(len(kinds))] += 1
    return [(kind, rng.sample(people, size)) for kind, size in zip(kinds, sizes)]


def generate(platform, n, seed, out):
    """Writes the `platform` export of `n` messages from `seed` into the folder `out`."""
    os.makedirs(out, exist_ok=True)
    WRITERS[platform](n, random.Random(seed), out)


def write_slack(n, rng, out, count=reaction_count, spreading=spread, first_share=None):
    """`count` and `spreading` shape each message's reactions; heavy.py passes its own.
    `first_share`: the part of the messages #general (the first channel) holds, the others
    sharing the rest evenly (by default all eight hold the same)."""
    people = [f"U{i:08d}" for i in range(2000)]
    with open(os.path.join(out, "users.json"), "w", encoding="utf-8") as f:
        json.dump([{"id": u, "name": f"user{i}", "real_name": f"User {i}",
                    "profile": {"display_name": f"user {i}"}} for i, u in enumerate(people)], f)
    with open(os.path.join(out, "channels.json"), "w", encoding="utf-8") as f:
        json.dump([{"id": f"C{i:08d}", "name": c, "members": people[:50]}
                   for i, c in enumerate(SLACK_CHANNELS)], f)
    # Ten times the messages, ten times the days: 10,000,000 messages are 3,200 day files of
    # the size a million's are (issue 18), and a million or fewer are 320 as before.
    days = DAYS * max(1, n // 1_000_000)
    per_day = {c: max(1, n // (len(SLACK_CHANNELS) * days)) for c in SLACK_CHANNELS}
    if first_share is not None:
        first = max(1, round(n * first_share) // days)
        rest = max(1, (n - first * days) // ((len(SLACK_CHANNELS) - 1) * days))
        per_day = {c: first if i == 0 else rest for i, c in enumerate(SLACK_CHANNELS)}
    written = 0
    day = 0
    while written < n:
        for c in SLACK_CHANNELS:
            if written >= n:
                break
            folder = os.path.join(out, c)
            os.makedirs(folder, exist_ok=True)
            date = datetime.date.fromordinal(738_000 + day).isoformat()
            messages = [slack_message(rng, people, day, k, count, spreading)
                        for k in range(min(per_day[c], n - written))]
            written += len(messages)
            with open(os.path.join(folder, date + ".json"), "w", encoding="utf-8") as f:
                f.write(dumps(messages))
        day += 1


def slack_message(rng, people, day, k, count, spreading):
    """The k-th message of a day file."""
    ts = f"{1_700_000_000 + day * 86400 + k * 7}.{rng.randint(0, 999999):06d}"
    uuid = f"{rng.getrandbits(128):032x}"
    message = {"client_msg_id": f"{uuid[:8]}-{uuid[8:12]}-{uuid[12:16]}-{uuid[16:20]}-{uuid[20:]}",
               "type": "message", "user": rng.choice(people), "text": text(rng), "ts": ts}
    reactions = spreading(rng, people, count(rng))
    if reactions:
        message["reactions"] = [{"name": EMOJI_NAMES[e], "users": users, "count": len(users)}
                                for e, users in reactions]
    return message


def write_pubnub(n, rng, out):
    people = [f"user-{i}" for i in range(2000)]
    names = [f"channel-{i}" for i in range(8)]
    tt = 17_000_000_000_000_000
    with open(os.path.join(out, "history.json"), "w", encoding="utf-8") as f:
        f.write('{"status":200,"error":false,"error_message":"","channels":{')
        per_channel = n // len(names)
        for ci, name in enumerate(names):
            f.write(("," if ci else "") + json.dumps(name) + ":[")
            count = per_channel if ci < len(names) - 1 else n - per_channel * (len(names) - 1)
            for k in range(count):
                tt += rng.randint(10_000_000, 100_000_000)
                item = {"message": {"text": text(rng)}, "timetoken": str(tt), "uuid": rng.choice(people)}
                reactions = spread(rng, people, reaction_count(rng))
                if reactions:
                    item["actions"] = {"reaction": {
                        EMOJI[e % len(EMOJI)]: [{"uuid": u, "actionTimetoken": str(tt + 1000 + j)}
                                                for j, u in enumerate(users)]
                        for e, users in reactions}}
                f.write(("," if k else "") + dumps(item))
            f.write("]")
        f.write("}}")


def write_telegram(n, rng, out):
    people = [(f"user{i}", f"User {i}") for i in range(2000)]
    chats = max(1, n // 100_000)
    with open(os.path.join(out, "result.json"), "w", encoding="utf-8") as f:
        f.write('{"about":"generated","chats":{"about":"","list":[')
        written = 0
        for c in range(chats):
            count = n // chats if c < chats - 1 else n - written
            head = {"name": f"Group {c}", "type": "private_supergroup", "id": 1_000_000 + c}
            f.write(("," if c else "") + json.dumps(head)[:-1] + ',"messages":[')
            date = 1_700_000_000
            for k in range(count):
                date += rng.randint(1, 30)
                f.write(("," if k else "") + dumps(telegram_message(rng, people, k + 1, date)))
            written += count
            f.write("]}")
        f.write("]}}")


def telegram_message(rng, people, message_id, date):
    who = rng.choice(people)
    local = datetime.datetime.fromtimestamp(date, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    message = {"id": message_id, "type": "message", "date": local, "date_unixtime": str(date),
               "from": who[1], "from_id": who[0], "text": text(rng), "text_entities": []}
    reactions = spread(rng, [p[0] for p in people], reaction_count(rng))
    if reactions:
        message["reactions"] = [{"type": "emoji", "count": len(users), "emoji": EMOJI[e % len(EMOJI)],
                                 "recent": [{"from": u, "from_id": u, "date": local} for u in users[:3]]}
                                for e, users in reactions]
    return message


WRITERS = {"slack": write_slack, "pubnub": write_pubnub, "telegram": write_telegram}
