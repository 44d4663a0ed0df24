#!/usr/bin/env python3
"""Writes the small Slack export the search check builds: two channels, three people, two
weeks, a word ("zebra") in three messages that differ in channel, author, emoji and week, a
word ("otter") in 25, texts in French and Japanese, and hostile messages whose text and author's
name are HTML.

    python3 Tests/search/make_export.py FOLDER
"""
import json
import os
import sys

USERS = [("U1", "ada", "Ada"), ("U2", "ben", "Ben"), ("U3", "cy", "Cy"), ("U4", "dee", "<img src=y onerror=alert(2)>Dee")]
# (channel, user, time (UTC, 2026-03-02 is a Monday of ISO week 10), text, reactions)
MESSAGES = [
    ("general", "U1", 1772445600, "The zebra migration starts today", [("+1", ["U2"])]),
    ("general", "U2", 1773050400, "Another zebra sighting near the river", [("heart", ["U1"])]),
    ("random", "U1", 1773054000, "zebra stripes are unique", [("+1", ["U3"]), ("tada", ["U2"])]),
    ("random", "U3", 1772449200, "Lunch at noon", []),
    ("random", "U4", 1773057600, "<img src=x onerror=alert(1)> quokka", [("eyes", ["U1"])]),
    ("random", "U4", 1773061200, "&lt;img src=z onerror=alert(3)&gt; wombat", []),
    ("general", "U2", 1772456400, "Crème brûlée at the CAFÉ", []),
    ("random", "U3", 1772460000, "東京で会いましょう", []),
]
# More than a page of results for one word ("otter", 20 a page): 25 messages, every twelve hours
# from 2026-03-02 12:30 (weeks 10 and 11), both channels, three authors, a 👍 on every third.
MESSAGES += [("general" if i % 2 == 0 else "random", "U" + str(1 + i % 3), 1772454600 + i * 43200, f"Otter sighting {i}",
              [("+1", ["U2"])] if i % 3 == 0 else []) for i in range(25)]


def main(folder):
    os.makedirs(folder, exist_ok=True)
    channels = sorted({message[0] for message in MESSAGES})
    with open(os.path.join(folder, "channels.json"), "w") as out:
        json.dump([{"id": "C" + name.upper(), "name": name} for name in channels], out)
    with open(os.path.join(folder, "users.json"), "w") as out:
        json.dump([{"id": id, "name": name, "real_name": display, "profile": {"display_name": display}} for id, name, display in USERS], out)
    for channel in channels:
        os.makedirs(os.path.join(folder, channel), exist_ok=True)
        entries = [{"type": "message", "user": user, "text": text, "ts": f"{time}.000100",
                    "reactions": [{"name": name, "users": users, "count": len(users)} for name, users in reactions]}
                   for name, user, time, text, reactions in MESSAGES if name == channel]
        for entry in entries:
            if not entry["reactions"]:
                del entry["reactions"]
        with open(os.path.join(folder, channel, "2026-03-02.json"), "w") as out:
            json.dump(entries, out)


if __name__ == "__main__":
    main(sys.argv[1])
