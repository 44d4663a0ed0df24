#!/usr/bin/env python3
"""Writes exports whose messages are made of the characters that cost a Markdown renderer the
most (issue 26): brackets, `<`, emphasis runs, backticks, nested quotes, entities, escapes,
lists, short lines, and a text just under the renderer's own gate. Each export holds ONE message
of SIZE bytes of one pattern on one platform (and a baseline export holds a one-word message),
so that a build's peak memory above the baseline's, divided by SIZE, is what rendering that
text costs a byte.

    python3 Benchmarks/worst_text.py OUT_FOLDER SIZE_BYTES [--messages N]

writes OUT_FOLDER/<platform>-<pattern>/ and OUT_FOLDER/<platform>-baseline/, and prints their
names, a line each. With --messages N the message is repeated N times (a large export of such
text, on one transcript page unless --page-size says otherwise).
"""
import json
import os
import sys

PATTERNS = {
    "brackets": "[",
    "closing": "]",
    "lt": "<",
    "gt-quotes": "> ",
    "star": "*",
    "emphasis": "*a_",
    "underscore": "_a",
    "backticks": "`a",
    "bang-link": "![a](",
    "entities": "&amp;",
    "escapes": "\\[",
    "lines": "a\n",
    "list": "- a\n",
    "ordered": "1. a\n",
    "slack-link": "<http://a.b|c>",
    "mention": "<@U1>",
    # One opener every 20 bytes: dense enough to cost the renderer, sparse enough to pass its gate.
    "sparse": "[" + "a" * 19,
}


def text_of(pattern, size):
    return (pattern * (size // len(pattern) + 1))[:size]


def slack(folder, texts):
    os.makedirs(os.path.join(folder, "general"), exist_ok=True)
    with open(os.path.join(folder, "channels.json"), "w") as f:
        json.dump([{"id": "C1", "name": "general"}], f)
    with open(os.path.join(folder, "users.json"), "w") as f:
        json.dump([{"id": "U1", "name": "ada"}], f)
    messages = [{"type": "message", "user": "U1", "ts": "1700000000.%06d" % i, "text": t,
                 "reactions": [{"name": "+1", "users": ["U1"], "count": 1}]} for i, t in enumerate(texts)]
    with open(os.path.join(folder, "general", "2023-11-14.json"), "w") as f:
        json.dump(messages, f)


def discord(folder, texts):
    os.makedirs(folder, exist_ok=True)
    messages = [{"id": str(465527001234567001 + i), "type": "Default", "timestamp": "2023-11-14T18:01:02+00:00",
                 "content": t, "author": {"id": "111111111111111111", "name": "ada", "isBot": False},
                 "reactions": [{"emoji": {"id": None, "name": "👍"}, "count": 1}]} for i, t in enumerate(texts)]
    export = {"guild": {"id": "1", "name": "Guild"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"},
              "messages": messages}
    with open(os.path.join(folder, "export.json"), "w") as f:
        json.dump(export, f)


def matrix(folder, texts):
    os.makedirs(folder, exist_ok=True)
    events = []
    for i, t in enumerate(texts):
        events.append({"type": "m.room.message", "event_id": "$m%d:x.org" % i, "room_id": "!r:x.org", "sender": "@ada:x.org",
                       "origin_server_ts": 1700000000000 + i, "content": {"msgtype": "m.text", "body": t}})
        events.append({"type": "m.reaction", "event_id": "$r%d:x.org" % i, "room_id": "!r:x.org", "sender": "@bo:x.org",
                       "origin_server_ts": 1700000001000 + i,
                       "content": {"m.relates_to": {"rel_type": "m.annotation", "event_id": "$m%d:x.org" % i, "key": "👍"}}})
    with open(os.path.join(folder, "room.json"), "w") as f:
        json.dump(events, f)


def telegram(folder, texts):
    os.makedirs(folder, exist_ok=True)
    messages = [{"id": i + 1, "type": "message", "date": "2023-11-14T10:00:00", "date_unixtime": str(1699956000 + i),
                 "from": "Ada", "from_id": "user1", "text": t, "text_entities": [{"type": "plain", "text": t}],
                 "reactions": [{"type": "emoji", "count": 1, "emoji": "👍"}]} for i, t in enumerate(texts)]
    with open(os.path.join(folder, "result.json"), "w") as f:
        json.dump({"name": "Chat", "type": "private_supergroup", "id": 1, "messages": messages}, f)


PLATFORMS = {"slack": slack, "discord": discord, "matrix": matrix, "telegram": telegram}


def main():
    args = sys.argv[1:]
    messages = 1
    if "--messages" in args:
        at = args.index("--messages")
        messages = int(args[at + 1])
        del args[at:at + 2]
    out, size = args[0], int(args[1])
    for platform, write in PLATFORMS.items():
        write(os.path.join(out, platform + "-baseline"), ["hello"] * messages)
        print(platform + "-baseline")
        for name, pattern in PATTERNS.items():
            write(os.path.join(out, platform + "-" + name), [text_of(pattern, size)] * messages)
            print(platform + "-" + name)


if __name__ == "__main__":
    main()
