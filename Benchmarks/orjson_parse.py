#!/usr/bin/env python3
"""Seconds orjson needs to read and parse every .json and .jsonl file below a folder (the
benchmark's yardstick: a fast C JSON parser doing nothing but parsing; a .jsonl file is parsed
line by line)."""
import os
import sys
import time

import orjson

paths = sorted(os.path.join(d, f) for d, _, files in os.walk(sys.argv[1])
               for f in files if f.endswith((".json", ".jsonl")))
start = time.perf_counter()
for path in paths:
    with open(path, "rb") as f:
        if path.endswith(".jsonl"):
            for line in f:
                if line.strip():
                    orjson.loads(line)
        else:
            orjson.loads(f.read())
print(f"{time.perf_counter() - start:.3f}")
