#!/usr/bin/env python3
"""Compares two weeks.json files byte for byte; when they differ, prints the first difference
as a path into the parsed JSON (weeks[3].topPairs[0].count: 5 ≠ 4), or the first differing
line when the parsed values are equal. Exit status 0: identical, 1: different, 2: unreadable."""

import json
import sys


def first(got, expected, path):
    """The first place where got and expected differ, as (path, got, expected), or None."""
    if type(got) is not type(expected):
        return path, got, expected
    if isinstance(got, dict):
        if list(got) != list(expected):
            return path + " (keys)", list(got), list(expected)
        for key in got:
            found = first(got[key], expected[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(got, list):
        for index, (a, b) in enumerate(zip(got, expected)):
            label = f"{path}[{index}]"
            if isinstance(a, dict) and "week" in a and isinstance(a["week"], str):
                label = f"{path}[{index} {a['week']}]"
            found = first(a, b, label)
            if found:
                return found
        if len(got) != len(expected):
            return path + " (length)", len(got), len(expected)
        return None
    return None if got == expected else (path, got, expected)


def short(value, limit=200):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"


def main():
    got_path, expected_path = sys.argv[1:3]
    try:
        with open(got_path, "rb") as file:
            got_bytes = file.read()
        with open(expected_path, "rb") as file:
            expected_bytes = file.read()
        got, expected = json.loads(got_bytes), json.loads(expected_bytes)
    except (OSError, ValueError) as error:
        print(f"unreadable: {error}")
        return 2
    if got_bytes == expected_bytes:
        return 0
    found = first(got, expected, "")
    if found:
        path, a, b = found
        print(f"{path.lstrip('.')}: sql {short(a)} ≠ tool {short(b)}")
    else:
        for number, (a, b) in enumerate(zip(got_bytes.split(b"\n"), expected_bytes.split(b"\n")), 1):
            if a != b:
                print(f"same JSON, different bytes on line {number}: sql {short(a.decode(errors='replace'))} ≠ tool {short(b.decode(errors='replace'))}")
                break
        else:
            print(f"same JSON, different bytes (sizes {len(got_bytes)} and {len(expected_bytes)})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
