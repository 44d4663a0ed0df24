"""Lays out one shard's share of a Slack export as a folder of hard links (issue 32's estimate
of a shard that reads only its share): every metadata file, and the day files the plan gives the
shard. The plan is the one a shard could make from the listing alone: conversation folders as
units, weighed by their files' bytes; a folder over 1/(4N) of all the bytes is cut into blocks of
whole days of about that size; the units, largest first (ties by folder name and first day), go
each to the shard with the fewest bytes so far (ties to the lowest shard).

    python3 Benchmarks/share_tree.py EXPORT K N OUT     # OUT must be on EXPORT's file system
"""
import os
import sys


def day_files(export):
    """(folder, [(file, bytes)]) for each folder of the export, in name order."""
    for folder in sorted(os.listdir(export)):
        path = os.path.join(export, folder)
        if os.path.isdir(path):
            yield folder, [(name, os.path.getsize(os.path.join(path, name))) for name in sorted(os.listdir(path))]


def plan(export, n):
    """The day files of each shard (index 0 is shard 1), as (folder, [file]) blocks, and their bytes."""
    folders = list(day_files(export))
    total = sum(size for _, files in folders for _, size in files)
    limit = max(1, total // (4 * n))
    units = []
    for folder, files in folders:
        block, size = [], 0
        for name, bytes_ in files:
            if size >= limit:
                units.append((size, folder, block))
                block, size = [], 0
            block.append(name)
            size += bytes_
        if block:
            units.append((size, folder, block))
    units.sort(key=lambda unit: (-unit[0], unit[1], unit[2][0]))
    load, shares = [0] * n, [[] for _ in range(n)]
    for size, folder, block in units:
        lightest = min(range(n), key=lambda shard: (load[shard], shard))
        load[lightest] += size
        shares[lightest].append((folder, block))
    return shares, load


def main():
    export, k, n, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    shares, load = plan(export, n)
    os.makedirs(out)
    for name in os.listdir(export):
        if os.path.isfile(os.path.join(export, name)):
            os.link(os.path.join(export, name), os.path.join(out, name))
    for folder, block in shares[k - 1]:
        os.makedirs(os.path.join(out, folder), exist_ok=True)
        for name in block:
            os.link(os.path.join(export, folder, name), os.path.join(out, folder, name))
    print(load[k - 1])


if __name__ == "__main__":
    main()
