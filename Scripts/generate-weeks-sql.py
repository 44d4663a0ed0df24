#!/usr/bin/env python3
"""Writes the lines of sql/weeks.sql and sql/weeks.spark.sql that name the weekly figures, from
sql/figures.json (the tool's WeekFigure.all as data).

    python3 Scripts/generate-weeks-sql.py          # writes the generated lines of both files
    python3 Scripts/generate-weeks-sql.py --check  # exit status 1 when a file is not as it would write it

In the SQL, a generated run of lines follows a line

    -- figures (PLACE): TEMPLATE

and ends before the line `-- end of figures`. PLACE is `week` or `group`: the figures a week's
object or a group's holds in data/weeks.json, in the list's order. Each gives one line, TEMPLATE
with {key} (its JSON key) and {computation} (the name of its computation, which is the column
of the query's `engagement` that holds it) filled in, indented as the marker is. A TEMPLATE
that ends with a comma gives every line its comma; any other is followed by a comma on every
line but the last. Only these lines are generated: the computations are the query's own.
"""

import argparse
import difflib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIGURES = os.path.join(ROOT, "sql", "figures.json")
FILES = [os.path.join(ROOT, "sql", "weeks.sql"), os.path.join(ROOT, "sql", "weeks.spark.sql")]
MARKER = re.compile(r"^(?P<indent>\s*)-- figures \((?P<place>week|group)\): (?P<template>.+)$")
END = "-- end of figures"


def figure_lines(figures, place, template, indent):
    chosen = [figure for figure in figures if figure[place]]
    lines = [indent + template.format(key=figure["key"], computation=figure["computation"]) for figure in chosen]
    if not template.endswith(","):
        lines = [line + "," for line in lines[:-1]] + lines[-1:]
    return lines


def generate(text, figures, path):
    """`text` with every generated run of lines written again."""
    out, lines, index = [], text.split("\n"), 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        marker = MARKER.match(line)
        if not marker:
            continue
        end = index
        while end < len(lines) and lines[end].strip() != END:
            end += 1
        if end == len(lines):
            sys.exit(f"{path}: the line {index} starts generated figures that no `{END}` line ends")
        out += figure_lines(figures, marker["place"], marker["template"], marker["indent"])
        index = end
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the files are as they would be written")
    arguments = parser.parse_args()
    with open(FIGURES, encoding="utf-8") as file:
        figures = json.load(file)["figures"]
    differing = 0
    for path in FILES:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        if not any(MARKER.match(line) for line in text.split("\n")):
            sys.exit(f"{path}: no `-- figures (week|group): …` line; the query names no figure from sql/figures.json")
        written = generate(text, figures, path)
        if written == text:
            continue
        differing += 1
        if arguments.check:
            name = os.path.relpath(path, ROOT)
            print(f"{name} differs from what Scripts/generate-weeks-sql.py writes from sql/figures.json:")
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), written.splitlines(True), name, "generated", n=1))
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(written)
            print(f"wrote {os.path.relpath(path, ROOT)}")
    return 1 if arguments.check and differing else 0


if __name__ == "__main__":
    sys.exit(main())
