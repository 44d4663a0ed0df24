"""Check data/weeks.json against data/messages.jsonl, computed independently here.

    python3 -m exportgen verify-weeks OUTPUT_DIR

For every ISO week (in the time zone weeks.json names, through Python's zoneinfo): every figure
of sql/figures.json that a week holds and data/messages.jsonl alone gives (figures.py computes
each; the reply figures need the truth and are verify_figures.py's), the week's start and end, the days of it the data covers (`days`: from the first message's local day
to the last's) and whether that is fewer than seven (`partial`), the top emoji and the
per-conversation messages and reactions, plus the rule that weeks run without gaps from the
first message's week to the last's. messages.jsonl
itself is checked against the generator's ground truth by verify_messages.py; together they
check weeks.json against the truth.
"""

import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

from . import figures
from .figures import WeekMessages, parse_time


def iso_week(moment, zone):
    local = moment.astimezone(zone)
    year, week, _ = local.isocalendar()
    return f"{year:04d}-W{week:02d}"


def week_bounds(name, zone):
    year, week = int(name[:4]), int(name[6:])
    monday = datetime.date.fromisocalendar(year, week, 1)
    def start(day):
        local = datetime.datetime(day.year, day.month, day.day, tzinfo=zone)
        return local.isoformat()
    return start(monday), start(monday + datetime.timedelta(days=7))


def read(folder):
    """(weeks.json, its time zone, {week name: [(sent, sent nanoseconds, message)]})."""
    with open(os.path.join(folder, "data", "weeks.json"), encoding="utf-8") as f:
        weeks = json.load(f)
    zone = ZoneInfo(weeks["timezone"])
    per_week = {}
    with open(os.path.join(folder, "data", "messages.jsonl"), encoding="utf-8") as f:
        for line in f:
            message = json.loads(line)
            if message["sentAt"] is None:
                continue
            sent, sent_nanos = parse_time(message["sentAt"])
            per_week.setdefault(iso_week(sent, zone), []).append((sent, sent_nanos, message))
    return weeks, zone, per_week


def expected_names(per_week):
    """Every week from the first message's to the last's, without gaps."""
    first, last = min(per_week), max(per_week)
    names = []
    day = datetime.date.fromisocalendar(int(first[:4]), int(first[6:]), 1)
    while True:
        year, week, _ = day.isocalendar()
        name = f"{year:04d}-W{week:02d}"
        names.append(name)
        if name == last:
            return names
        day += datetime.timedelta(days=7)


def covered_days(name, covered):
    """How many days of week `name` lie from covered[0] to covered[1] (local dates), 0 to 7."""
    monday = datetime.date.fromisocalendar(int(name[:4]), int(name[6:]), 1)
    first = max(monday, covered[0])
    last = min(monday + datetime.timedelta(days=6), covered[1])
    return max(0, (last - first).days + 1)


def check_week(entry, messages, zone, seen_reactors, problems, covered):
    name = entry["week"]
    week = WeekMessages(messages, seen_reactors)
    fields = figures.values(week, "week", truth=False)
    emoji, conversations = week.emoji, week.conversations
    start, end = week_bounds(name, zone)
    days = covered_days(name, covered)
    for field, value in dict({"start": start, "end": end, "partial": days < 7, "days": days}, **fields).items():
        if entry.get(field, "missing") != value:
            problems.append(f"{name} {field}: {entry.get(field, 'missing')!r}, expected {value!r}")
    top = sorted(emoji.items(), key=lambda kv: (-kv[1], [ord(c) for c in kv[0]]))
    listed = [(e["key"], e["count"]) for e in entry["topEmoji"]]
    if listed != top[:len(listed)] or (len(listed) < len(top) and len(listed) < 10):
        problems.append(f"{name} topEmoji: {listed[:3]}…, expected {top[:3]}…")
    listed_conversations = {(c["platform"], c["id"]): [c["name"], c["messages"], c["reactions"]]
                            for c in entry["conversations"]}
    if listed_conversations != conversations:
        problems.append(f"{name} conversations differ")
    counts = [t["reactions"] for t in entry["topMessages"]]
    most = max([m["reactionCount"] for _, _, m in messages] or [0])
    if counts != sorted(counts, reverse=True) or (counts and counts[0] != most):
        problems.append(f"{name} topMessages are not ranked by reactions")


def verify(folder):
    """Prints the result; returns the exit status (2 when sql/figures.json names a figure
    figures.py cannot compute)."""
    try:
        figures.load()
    except figures.MissingComputation as error:
        print(f"verify_weeks: {error}", file=sys.stderr)
        return 2
    weeks, zone, per_week = read(folder)
    problems = []
    names = [w["week"] for w in weeks["weeks"]]
    if per_week:
        wanted = expected_names(per_week)
        if names != wanted:
            problems.append(f"weeks {names[:3]}…{names[-3:]} should be {wanted[:3]}…{wanted[-3:]}")
    seen_reactors = set()
    times = [sent for messages in per_week.values() for sent, _, _ in messages]
    covered = (min(times).astimezone(zone).date(), max(times).astimezone(zone).date()) if times else None
    for entry in weeks["weeks"]:
        check_week(entry, per_week.get(entry["week"], []), zone, seen_reactors, problems, covered)

    total = sum(len(v) for v in per_week.values())
    print(f"{len(weeks['weeks'])} weeks, {total} dated messages checked in {weeks['timezone']}, "
          f"{len(problems)} mismatches")
    for problem in problems[:20]:
        print("  " + problem)
    return 1 if problems else 0
