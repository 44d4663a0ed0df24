"""Streaming JSON output: compact values, arrays written item by item into files, and an
on-disk shuffle, so that a million messages never need to be in memory at once. The encodings
particular to one platform's exporter (Slack's PHP escapes, DiscordChatExporter's surrogate
pairs) live with that platform's writer.
"""

import json
import os


def dumps(value):
    """Compact JSON, UTF-8 text (not \\u escapes); Python ints stay exact."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class ItemWriter:
    """Writes the items of a JSON array into an open file: one compact item per line."""

    def __init__(self, file):
        self.file = file
        self.count = 0

    def add_raw(self, line):
        self.file.write((",\n" if self.count else "\n") + line)
        self.count += 1

    def add(self, item):
        self.add_raw(dumps(item))


class JsonArrayWriter(ItemWriter):
    """Streams `prefix item,… suffix` to a new file (prefix ends with the array's "[")."""

    def __init__(self, path, prefix="[", suffix="]"):
        super().__init__(open(path, "w", encoding="utf-8"))
        self.file.write(prefix)
        self.suffix = suffix

    def close(self, suffix=None):
        self.file.write("\n" + (self.suffix if suffix is None else suffix) + "\n")
        self.file.close()


class ShuffledSink:
    """An on-disk shuffle: lines go to random temporary buckets; `lines()` yields every bucket
    shuffled in memory, one bucket at a time. The result is a uniform random permutation."""

    def __init__(self, rng, folder, name, buckets):
        self.rng = rng
        self.paths = [os.path.join(folder, f"{name}-{i}.tmp") for i in range(buckets)]
        self.files = [open(p, "w", encoding="utf-8") for p in self.paths]
        self.count = 0

    def add(self, item):
        self.rng.choice(self.files).write(dumps(item) + "\n")
        self.count += 1

    def lines(self):
        for f in self.files:
            f.close()
        for path in self.paths:
            with open(path, encoding="utf-8") as f:
                bucket = f.read().split("\n")[:-1]   # not splitlines(): U+2028 is no break
            self.rng.shuffle(bucket)
            yield from bucket
            os.remove(path)
