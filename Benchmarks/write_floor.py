#!/usr/bin/env python3
"""Seconds needed merely to write a finished site again: every file of FOLDER is read into memory
first, then written into a fresh folder beside it (one thread, one write per file), and only the
writing is timed: the kernel copying the output into the page cache and making its files. On a
virtual machine it depends on the page cache: fresh pages also fault on the host, pages the
kernel has touched before (a deleted copy's) do not.

    python3 Benchmarks/write_floor.py FOLDER        # prints the seconds; the copy is removed
"""
import os
import shutil
import sys
import time

source = sys.argv[1].rstrip("/")
target = source + ".write-floor"
files = []
for folder, _, names in os.walk(source):
    for name in names:
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            files.append((os.path.relpath(path, source), f.read()))
shutil.rmtree(target, ignore_errors=True)
os.sync()
start = time.perf_counter()
made = set()
for relative, data in files:
    path = os.path.join(target, relative)
    folder = os.path.dirname(path)
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)
    with open(path, "wb") as f:
        f.write(data)
elapsed = time.perf_counter() - start
shutil.rmtree(target)
print(f"{elapsed:.2f}")
