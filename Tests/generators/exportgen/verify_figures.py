"""Check issue 17's figures of a build (spec17.md: replies, reply times, people, pairs, groups)
and issue 30's (responsiveness and questions; participation, levels and cohorts) against
data/messages.jsonl, the generator's truth and the build's settings, computed independently
here.

    python3 -m exportgen verify-figures OUTPUT_DIR TRUTH_DIR [--config FILE | --no-config]

Reads OUTPUT_DIR/data/messages.jsonl (authors, reactors, times), TRUTH_DIR/expected.jsonl (per
message `replyTo` and `fromBot`, which messages.jsonl does not carry), TRUTH_DIR/expected-bots.json
(the people the platform marks as bots) and the settings (`--config`, by default
TRUTH_DIR/reaction-report.toml; `--no-config`: every setting at its default), then checks:

data/weeks.json, every week from the first message's to the last's (in weeks.json's time zone):
- its keys, in the order spec17.md gives (the figures' from sql/figures.json, figures.py);
- the figures whose computation needs the truth (figures.py): `replies` (messages with a
  reply target, found or not) and `medianSecondsToFirstReply` (per
  message of the week with a first reply: the earliest reply by someone else, in any week;
  max(0, floor of the nanoseconds between them / 1e9); the median as for reactions); the
  responsiveness and question figures (answerable, answered, median and nearest-rank p90
  first response, of all messages and of questions, unanswered questions: responses.py),
  with the settings `responseWindow` (default 48 h), `questionMarks` and
  `supportConversations` (entries as a group's); the participation figures (people active,
  posting, reacting only, new, returning, and at each engagement level over the week and the
  three before: participation.py), with `[engagementLevels]` `core` and `regular`;
- `topReactors` (listings given), `topReceivers` (reaction counts received, more than 0) and
  `topPairs` (reactor → author listings, the two differ and are known): the first topN (default
  10), excluded people left out (bots when excludeBots, which is the default, and excludePeople:
  ids, or names ignoring case), fromBot messages left out of receivers and of pairs; ties by
  platform, then ids, in byte order. A ranked person's `name` may be any name messages.jsonl
  gives them (spec17.md does not say which one);
- `groups`: every configured group in the file's order, its keys in order, and every figure of
  it (as the week's own, over the group's conversations: an entry is an id, or a name ignoring
  case; `*` matches any run of characters), newReactors counted within the group.
data/people.csv: the header, CRLF line ends, one row per author or listed reactor sorted by
platform then id, and every cell (text cells formula-safe as in reactions.csv). Its figures
leave nobody and no message out: it is a data file, and spec17.md counts its people reacted
to and by "before exclusion"; but its last column, `level`, is each person's engagement level
over the report's last four weeks (participation.py), empty for bots, people left out and
people not active then.
data/cohorts.json and data/cohorts.csv: byte for byte as participation.py writes them (the
weekly cohorts by first active week, followed 12 weeks).

Prints one line per key that differs: where it first differs, what it is and what it should
be, and in how many weeks (or rows) it differs. Exit status: 0 when everything matches, 1 on a
difference, 2 when a file cannot be read.
"""

import csv
import io
import json
import os
import re
import sys
from zoneinfo import ZoneInfo

from . import figures, participation, responses
from .figures import WeekMessages, parse_time
from .verify_weeks import expected_names, iso_week

# The figures' keys and their order are sql/figures.json's (figures.py).
WEEK_KEYS = ["week", "start", "end", "partial", "days"] + figures.keys("week") + [
    "topMessages", "topEmoji", "topReactors", "topReceivers", "topPairs", "conversations", "groups"]
GROUP_KEYS = ["name"] + figures.keys("group")
PERSON_KEYS = ["platform", "id", "name", "count"]
PAIR_KEYS = ["platform", "reactor", "author", "count"]
PEOPLE_HEADER = ["platform", "id", "name", "bot", "excluded", "messages", "reactionsGiven",
                 "reactionsReceived", "peopleReactedTo", "peopleReactedBy", "level"]
DEFAULT_TOP_N = 10
MISSING = object()


class Unreadable(Exception):
    """A file that cannot be read or parsed: exit status 2."""


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------

class Message:
    """What the figures need of one line of messages.jsonl, and of its truth."""

    __slots__ = ("raw", "key", "platform", "conversation", "conversation_name", "author",
                 "sent", "nanos", "ns", "week", "day", "reply_to", "from_bot", "outcome")

    def __init__(self, raw, zone):
        self.raw = raw
        self.platform = raw["platform"]
        self.conversation = raw["conversation"]["id"]
        self.conversation_name = raw["conversation"]["name"]
        self.key = (self.platform, self.conversation, raw["id"])
        self.author = raw["author"]["id"] if raw["author"] is not None else None
        self.sent = self.nanos = self.ns = self.week = self.day = None
        if raw["sentAt"] is not None:
            self.sent, self.nanos = parse_time(raw["sentAt"])
            self.ns = int(self.sent.timestamp()) * 1_000_000_000 + self.nanos
            self.week = iso_week(self.sent, zone)
            self.day = self.sent.astimezone(zone).date()
        self.reply_to, self.from_bot, self.outcome = None, False, None

    def listings(self):
        """(reactor id, reactor name) per listed reactor entry (one per message and emoji)."""
        for reaction in self.raw["reactions"]:
            for reactor in reaction["reactors"]:
                yield reactor["id"], reactor["name"]


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        raise Unreadable(f"{path}: {error}") from error


def json_lines(path):
    try:
        with open(path, encoding="utf-8") as f:     # iterating splits on \n only, not U+2028
            return [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as error:
        raise Unreadable(f"{path}: {error}") from error


class Settings:
    """The settings spec17.md's figures depend on, as reaction-report.toml gives them."""

    def __init__(self, values=None):
        values = values or {}
        self.top_n = values.get("topN", DEFAULT_TOP_N)
        self.exclude_bots = values.get("excludeBots", True)
        self.exclude = list(values.get("excludePeople", []))
        self.groups = list(values.get("groups", {}).items())
        self.response_window = responses.parse_duration(
            values.get("responseWindow", responses.DEFAULT_WINDOW), "reaction-report.toml")
        self.question_marks = values.get("questionMarks", responses.DEFAULT_QUESTION_MARKS)
        self.support = list(values.get("supportConversations", []))
        levels = values.get("engagementLevels", {})
        self.core = levels.get("core", participation.DEFAULT_CORE)
        self.regular = levels.get("regular", participation.DEFAULT_REGULAR)
        polarity = values.get("polarity", {})
        self.positive = list(polarity.get("positive", figures.default_polarity()["positive"]))
        self.negative = list(polarity.get("negative", figures.default_polarity()["negative"]))

    @classmethod
    def read(cls, path):
        if path is None:
            return cls()
        try:
            import tomllib                 # Python 3.11 and later
        except ImportError as error:
            raise Unreadable("reading reaction-report.toml needs Python 3.11 (tomllib)") from error
        try:
            with open(path, "rb") as f:
                return cls(tomllib.load(f))
        except (OSError, ValueError) as error:
            raise Unreadable(f"{path}: {error}") from error


def matches(entry, conversation_id, name):
    """Whether a conversation answers to a `[groups]` entry: its id, or its name ignoring case;
    `*` matches any run of characters."""
    if "*" not in entry:
        return conversation_id == entry or (name is not None and name.lower() == entry.lower())
    pattern = ".*".join(re.escape(part) for part in entry.split("*"))
    return bool(re.fullmatch(pattern, conversation_id, re.S)) or \
        (name is not None and bool(re.fullmatch(pattern, name, re.S | re.I)))


class Report:
    """Everything the figures are computed from, and what follows for each message and person."""

    def __init__(self, messages, truth, bots, settings):
        self.messages, self.settings = messages, settings
        self.bots = bots
        for m in messages:
            m.reply_to, m.from_bot = truth.get(m.key, (None, False))
        # every name each person is given (None when nameless somewhere)
        self.names = {}
        for m in messages:
            if m.author is not None:
                self.names.setdefault((m.platform, m.author), set()).add(m.raw["author"]["name"])
            for reactor, name in m.listings():
                self.names.setdefault((m.platform, reactor), set()).add(name)
        ids, lowered = set(settings.exclude), {entry.lower() for entry in settings.exclude}
        self.excluded = {person for person, names in self.names.items()
                         if (settings.exclude_bots and person in bots) or person[1] in ids
                         or any(n is not None and n.lower() in lowered for n in names)}
        # the replies to each message, by the key its parent would have
        self.replies = {}
        keys = {m.key for m in messages}
        by_id = {}
        for m in messages:
            by_id.setdefault((m.platform, m.key[2]), []).append(m.key)
        for m in messages:
            if m.reply_to is None:
                continue
            parent = (m.platform, m.conversation, m.reply_to)
            # Discord ids are unique on the platform: a thread's replies answer the message of
            # the parent channel the thread grew from.
            if parent not in keys and m.platform == "discord" and len(by_id.get(("discord", m.reply_to), [])) == 1:
                parent = by_id[("discord", m.reply_to)][0]
            self.replies.setdefault(parent, []).append(m)
        conversations = {(m.platform, m.conversation): m.conversation_name for m in messages}
        self.members = {name: {c for c, cname in conversations.items()
                               if any(matches(e, c[1], cname) for e in entries)}
                        for name, entries in settings.groups}
        # issue 30: who never answers nor counts, and what each message adds (responses.py)
        support = {c for c, cname in conversations.items()
                   if any(matches(e, c[1], cname) for e in settings.support)}
        left_out = bots | self.excluded
        for m in messages:
            m.outcome = responses.outcome(
                m, [r for r in self.replies.get(m.key, []) if r.reply_to != r.key[2]], left_out,
                settings.response_window, settings.question_marks,
                (m.platform, m.conversation) in support and m.reply_to in (None, m.key[2]))
        # issue 30: who took part, week by week, from the first message's week to the last's
        dated = {m.week for m in messages if m.week is not None}
        self.week_names = expected_names(dated) if dated else []
        self.participation = participation.Participation(
            messages, self.week_names, left_out, settings.core, settings.regular)

    def first_reply_seconds(self, m):
        """Seconds from a message to its first reply (the earliest, by someone else, with a
        time), or None."""
        if m.ns is None:
            return None
        times = [r.ns for r in self.replies.get(m.key, [])
                 if r.ns is not None and r.author != m.author]
        return max(0, (min(times) - m.ns) // 1_000_000_000) if times else None

    def week(self, messages, seen_reactors, name=None):
        """The WeekMessages of some of the messages (Message values), with the truth; with the
        participation figures of week `name` when it is given (a week's, not a group's)."""
        return WeekMessages([(m.sent, m.nanos, m.raw) for m in messages], seen_reactors, replies=(self, messages),
                            participation=self.participation.weeks[name] if name else None)

    def rankings(self, week_messages):
        """(topReactors, topReceivers, topPairs), names left out (any known name will do)."""
        given, received, pairs = {}, {}, {}
        for m in week_messages:
            author = (m.platform, m.author) if m.author is not None else None
            counted = author is not None and not (self.settings.exclude_bots and m.from_bot) and author not in self.excluded
            if counted and m.raw["reactionCount"] > 0:
                received[author] = received.get(author, 0) + m.raw["reactionCount"]
            for reactor, _ in m.listings():
                person = (m.platform, reactor)
                if person in self.excluded:
                    continue
                given[person] = given.get(person, 0) + 1
                if counted and reactor != m.author:
                    pair = (m.platform, reactor, m.author)
                    pairs[pair] = pairs.get(pair, 0) + 1
        top = self.settings.top_n

        def people(counts):
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
            return [{"platform": p, "id": i, "count": c} for (p, i), c in ranked]

        ranked_pairs = sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        return people(given), people(received), \
            [{"platform": p, "reactor": r, "author": a, "count": c} for (p, r, a), c in ranked_pairs]

    def people_rows(self):
        """{(platform, id): {column: expected cell, or a set of cells any of which will do}}, with
        nothing left out."""
        rows = {}

        def row(person):
            if person not in rows:
                rows[person] = {"messages": 0, "given": 0, "received": 0, "to": set(), "by": set()}
            return rows[person]

        for m in self.messages:
            author = (m.platform, m.author) if m.author is not None else None
            if author is not None:
                row(author)["messages"] += 1
                row(author)["received"] += m.raw["reactionCount"]
            for reactor, _ in m.listings():
                person = (m.platform, reactor)
                row(person)["given"] += 1
                if author is not None and reactor != m.author:
                    row(person)["to"].add(author)
                    row(author)["by"].add(person)
        cells = {}
        for person, r in rows.items():
            cells[person] = {
                "platform": person[0], "id": formula_safe(person[1]),
                "name": {formula_safe(n or "") for n in self.names[person]},
                "bot": boolean(person in self.bots), "excluded": boolean(person in self.excluded),
                "messages": str(r["messages"]), "reactionsGiven": str(r["given"]),
                "reactionsReceived": str(r["received"]), "peopleReactedTo": str(len(r["to"])),
                "peopleReactedBy": str(len(r["by"])),
                "level": self.participation.levels.get(person, "")}
        return cells


def formula_safe(text):
    """A text cell as reactions.csv writes it: a leading ' where a spreadsheet would see a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def boolean(value):
    return "true" if value else "false"


def read(output, truth_dir, config):
    """(weeks.json, Report)."""
    weeks = load_json(os.path.join(output, "data", "weeks.json"))
    zone = ZoneInfo(weeks["timezone"])
    lines = json_lines(os.path.join(output, "data", "messages.jsonl"))
    messages = [Message(raw, zone) for raw in lines]
    truth = {(t["platform"], t["conversation"], t["id"]): (t.get("replyTo"), t.get("fromBot", False))
             for t in json_lines(os.path.join(truth_dir, "expected.jsonl"))}
    bots = load_json(os.path.join(truth_dir, "expected-bots.json"))
    bots = {(bots["platform"], b) for b in bots["bots"]}
    return weeks, Report(messages, truth, bots, Settings.read(config))


# --------------------------------------------------------------------------------------------
# Comparing
# --------------------------------------------------------------------------------------------

def show(value, limit=160):
    text = "missing" if value is MISSING else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def same(got, expected):
    """Equal, and of the same JSON type (1 is not true, 1.0 is not 1)."""
    return type(got) is type(expected) and got == expected


class Differences:
    """The first difference of every key, and in how many weeks or rows it differs."""

    def __init__(self):
        self.first, self.count, self.unit = {}, {}, {}

    def add(self, key, where, text, unit="weeks"):
        """unit: what the key differs in ("weeks", "rows"), or None for the file as a whole."""
        if key not in self.first:
            self.first[key], self.unit[key] = f"{where}: {text}", unit
        self.count[key] = self.count.get(key, 0) + 1

    def value(self, key, where, got, expected, unit="weeks"):
        if got is MISSING:
            self.add(key, where, f"missing, expected {show(expected)}", unit)
        elif not same(got, expected):
            self.add(key, where, f"got {show(got)}, expected {show(expected)}", unit)

    def lines(self, weeks):
        for key, text in self.first.items():
            unit = self.unit[key]
            if unit is None:
                yield f"{key}: {text}"
            else:
                count = self.count[key]
                if unit == "weeks":
                    yield f"{key}: {text} (in {count} of {weeks} weeks)"
                else:
                    yield f"{key}: {text} (in {count} {unit if count > 1 else unit[:-1]})"


def keys_problem(got, expected):
    """How a list of keys differs from the expected one, or None."""
    if got == expected:
        return None
    missing = [k for k in expected if k not in got]
    unexpected = [k for k in got if k not in expected]
    if missing or unexpected:
        return f"missing {show(missing)}, unexpected {show(unexpected)}"
    return f"order {show(got)}, expected {show(expected)}"


def entry_problem(got, expected, keys, names):
    """What is wrong with one ranked entry, or None. `names`: the names it may have."""
    if not isinstance(got, dict):
        return f"got {show(got)}, expected {show(expected)}"
    if list(got) != keys:
        return f"keys: {keys_problem(list(got), keys)}"
    for key in keys:
        if key == "name":
            if got["name"] not in names:
                return (f"{expected['id']} name {show(got['name'])}, expected one of "
                        f"{show(sorted(names, key=lambda n: (n is not None, n or '')))}")
        elif not same(got[key], expected[key]):
            return f"got {show(got)}, expected {show(expected)}"
    return None


def compare_ranking(diffs, key, where, got, expected, keys, names):
    if not isinstance(got, list):
        diffs.add(key, where, f"got {show(got)}, expected a list of {len(expected)}")
        return
    for i in range(max(len(got), len(expected))):
        if i >= len(expected):
            diffs.add(key, where, f"[{i}] got {show(got[i])}, expected no more than "
                      f"{len(expected)} entries")
            return
        if i >= len(got):
            diffs.add(key, where, f"[{i}] missing (got {len(got)} entries), "
                      f"expected {show(expected[i])}")
            return
        e = expected[i]
        person = (e["platform"], e["id"]) if "id" in e else None
        problem = entry_problem(got[i], e, keys, names.get(person, {None}))
        if problem:
            diffs.add(key, where, f"[{i}] {problem}")
            return


def check_groups(diffs, where, got, expected):
    """expected: [(name, figures)] in the settings' order."""
    if not isinstance(got, list):
        diffs.add("groups", where, f"got {show(got)}, expected a list of {len(expected)}")
        return
    got_names = [g.get("name") if isinstance(g, dict) else g for g in got]
    if got_names != [name for name, _ in expected]:
        names = [name for name, _ in expected]
        diffs.add("groups", where, f"names {show(got_names)}, expected {show(names)}")
    by_name = {}
    for g in got:
        if isinstance(g, dict):
            by_name.setdefault(g.get("name"), g)
    for name, values in expected:
        g = by_name.get(name)
        if g is None:
            continue
        if list(g) != GROUP_KEYS:
            diffs.add(f"groups {name} keys", where, keys_problem(list(g), GROUP_KEYS))
        for field, value in values.items():
            diffs.value(f"groups {name} {field}", where, g.get(field, MISSING), value)


def check_weeks(weeks, report, diffs):
    """Every week of the report; returns how many weeks were checked."""
    per_week = {}
    for m in report.messages:
        if m.week is not None:
            per_week.setdefault(m.week, []).append(m)
    if not per_week:
        return 0
    listed = {entry.get("week"): entry for entry in weeks["weeks"]}
    seen = {name: set() for name, _ in report.settings.groups}
    names = expected_names(per_week)
    for name in names:
        entry = listed.get(name)
        messages = per_week.get(name, [])
        if entry is None:
            diffs.add("weeks", name, "missing from weeks.json")
            continue
        if list(entry) != WEEK_KEYS:
            diffs.add("week keys", name, keys_problem(list(entry), WEEK_KEYS))
        # the figures that need the truth (verify_weeks.py checks the others)
        for field, value in figures.values(report.week(messages, set(), name), "week", truth=True).items():
            diffs.value(field, name, entry.get(field, MISSING), value)
        for field, expected, keys in zip(("topReactors", "topReceivers", "topPairs"),
                                         report.rankings(messages),
                                         (PERSON_KEYS, PERSON_KEYS, PAIR_KEYS)):
            got = entry.get(field, MISSING)
            if got is MISSING:
                diffs.add(field, name, f"missing, expected {show(expected, 100)}")
            else:
                compare_ranking(diffs, field, name, got, expected, keys, report.names)
        expected_groups = []
        for group, _ in report.settings.groups:
            members = report.members[group]
            inside = [m for m in messages if (m.platform, m.conversation) in members]
            week = report.week(inside, seen[group])
            expected_groups.append((group, figures.values(week, "group", truth=None)))
        got = entry.get("groups", MISSING)
        if got is MISSING:
            diffs.add("groups", name, f"missing, expected {show(expected_groups, 100)}")
        else:
            check_groups(diffs, name, got, expected_groups)
    return len(names)


def line_end_problem(text):
    """Where a record of a CSV text ends with something other than CRLF (outside quotes), or
    None."""
    quoted, record = False, 1
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "\r\n":
            if c == "\n" and (i == 0 or text[i - 1] != "\r"):
                return f"record {record} ends with LF, not CRLF"
            if c == "\r" and text[i + 1:i + 2] != "\n":
                return f"record {record} ends with CR, not CRLF"
            record += c == "\n"
    if text and not text.endswith("\r\n"):
        return f"record {record} (the last) has no CRLF"
    return None


def check_people(output, report, diffs):
    """data/people.csv; returns how many rows were expected."""
    expected = report.people_rows()
    order = sorted(expected)
    path = os.path.join(output, "data", "people.csv")
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except FileNotFoundError:
        diffs.add("people.csv", "data/people.csv", f"missing (expected {len(order)} rows)", None)
        return len(order)
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"{path}: {error}") from error
    header = ",".join(PEOPLE_HEADER) + "\r\n"
    if not text.startswith(header):
        first = text.split("\n")[0] + "\n"
        diffs.add("people.csv header", "line 1", f"got {show(first)}, expected {show(header)}", None)
    problem = line_end_problem(text)
    if problem:
        diffs.add("people.csv line ends", "data/people.csv", problem, None)
    rows = list(csv.reader(io.StringIO(text, newline="")))[1:]
    got_keys = []
    for number, row in enumerate(rows, 2):
        if len(row) != len(PEOPLE_HEADER):
            diffs.add("people.csv cells", f"row {number}",
                      f"{len(row)} cells, expected {len(PEOPLE_HEADER)}", "rows")
        got_keys.append(tuple(row[:2]))
    want_keys = [(p, formula_safe(i)) for p, i in order]
    if got_keys != want_keys:
        i = next((k for k, (a, b) in enumerate(zip(got_keys, want_keys)) if a != b),
                 min(len(got_keys), len(want_keys)))
        got_at = show(list(got_keys[i])) if i < len(got_keys) else "no more rows"
        want_at = show(list(want_keys[i])) if i < len(want_keys) else "no more rows"
        diffs.add("people.csv rows", f"row {i + 2}", f"got {got_at}, expected {want_at} "
                  f"({len(got_keys)} rows, expected {len(want_keys)})", None)
    wanted = {(p, formula_safe(i)): expected[(p, i)] for p, i in order}
    for number, row in enumerate(rows, 2):
        cells = wanted.get(tuple(row[:2]))
        if cells is None or len(row) != len(PEOPLE_HEADER):
            continue
        for column, cell in zip(PEOPLE_HEADER[2:], row[2:]):
            want = cells[column]
            if not (cell in want if isinstance(want, set) else cell == want):
                shown = f"one of {show(sorted(want))}" if isinstance(want, set) else show(want)
                diffs.add(f"people.csv {column}", f"row {number} ({row[0]} {row[1]})",
                          f"got {show(cell)}, expected {shown}", "rows")
    return len(order)


def check_text(output, name, expected, diffs):
    """A data file that must be `expected` byte for byte: its first differing line."""
    path = os.path.join(output, "data", name)
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except FileNotFoundError:
        diffs.add(name, f"data/{name}", "missing", None)
        return
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"{path}: {error}") from error
    if text == expected:
        return
    got, want = re.split(r"(?<=\n)", text), re.split(r"(?<=\n)", expected)
    i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    got_at = show(got[i]) if i < len(got) else "the end"
    want_at = show(want[i]) if i < len(want) else "the end"
    diffs.add(name, f"line {i + 1}", f"got {got_at}, expected {want_at}", None)


def verify(output, truth_dir, config):
    """Prints the result; returns the exit status (2 also when sql/figures.json names a figure
    figures.py cannot compute)."""
    try:
        figures.load()
        weeks, report = read(output, truth_dir, config)
        diffs = Differences()
        checked = check_weeks(weeks, report, diffs)
        people = check_people(output, report, diffs)
        check_text(output, "cohorts.json", report.participation.cohorts_json(weeks["timezone"]), diffs)
        check_text(output, "cohorts.csv", report.participation.cohorts_csv(), diffs)
    except (Unreadable, figures.MissingComputation) as error:
        print(f"verify_figures: {error}", file=sys.stderr)
        return 2
    groups = len(report.settings.groups)
    print(f"{checked} weeks, {groups} groups, {people} people checked "
          f"(replies, responses, participation, rankings, pairs, groups, people.csv, cohorts); "
          f"{len(diffs.first)} figures differ")
    for line in diffs.lines(checked):
        print("  " + line)
    return 1 if diffs.first else 0
