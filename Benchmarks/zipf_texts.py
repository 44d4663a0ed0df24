#!/usr/bin/env python3
"""Copies a generated Slack export (exportgen) with each message's text replaced by words of a
large vocabulary drawn by Zipf's law, as real chat text is, so that the search index has common
words and rare ones (exportgen's texts come from 35 words, each in a third of the messages).
Each text keeps its word count; words are made of syllables, 50,000 of them, the k-th drawn with
weight 1/k (seeded: the same output every run).

    python3 Benchmarks/zipf_texts.py IN_FOLDER OUT_FOLDER
"""
import bisect
import itertools
import json
import os
import random
import shutil
import sys

SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
VOCABULARY = 50_000


def words():
    """VOCABULARY distinct words of two to four syllables, in a seeded order."""
    out = []
    for length in (2, 3, 4):
        out += ["".join(parts) for parts in itertools.product(SYLLABLES, repeat=length)][: VOCABULARY]
        if len(out) >= VOCABULARY:
            break
    random.Random(7).shuffle(out)
    return out[:VOCABULARY]


def main(source, target):
    vocabulary = words()
    cumulative = list(itertools.accumulate(1 / (rank + 1) for rank in range(VOCABULARY)))
    rng = random.Random(1)

    def word():
        return vocabulary[bisect.bisect_left(cumulative, rng.random() * cumulative[-1])]

    for folder, _, files in os.walk(source):
        out = os.path.join(target, os.path.relpath(folder, source))
        os.makedirs(out, exist_ok=True)
        for name in sorted(files):
            path = os.path.join(folder, name)
            if folder == source or not name.endswith(".json"):
                shutil.copyfile(path, os.path.join(out, name))
                continue
            messages = json.load(open(path))
            for message in messages:
                if isinstance(message.get("text"), str) and message["text"]:
                    message["text"] = " ".join(word() for _ in message["text"].split())
            with open(os.path.join(out, name), "w") as handle:
                json.dump(messages, handle)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
