"""Compare reaction-report's data/messages.jsonl with a generated export's ground truth.

    python3 -m exportgen verify-messages DIR/expected.jsonl OUT/data/messages.jsonl

expected.jsonl (from `python3 -m exportgen truth`, truth.py), one line per message:
    {"platform","conversation","id","author","deleted","text",
     "reactions":[{"key","count","reactors":[ids],"complete"}], …}
messages.jsonl (product.md §3.1), one line per message:
    {"platform","conversation":{"id","name"},"id",…,"deleted","text","reactionCount",
     "reactions":[{"key",…,"count","reactors":[{"id","name","at"}],"reactorsComplete",…}]}

Checks: the same set of (platform, conversation id, message id) on both sides, each once; per
message the author's id (reply times, pairs and people depend on it), `deleted`, `text`,
`reactionCount` (= the sum of the expected counts) and, per reaction key, `count`, the sorted
reactor ids and `reactorsComplete`.

Prints "N messages checked, M mismatches" and at most 20 mismatch descriptions. Exit status:
0 when everything matches, 1 on any mismatch, 2 when a file cannot be read or parsed.
Memory: the expected side is held as raw lines keyed by message (fine for a million messages).
"""

import json
import sys

MAX_SHOWN = 20


class Report:
    def __init__(self):
        self.count = 0
        self.shown = []

    def add(self, text):
        self.count += 1
        if len(self.shown) < MAX_SHOWN:
            self.shown.append(text)


def fail(text):
    print(f"verify_messages: {text}", file=sys.stderr)
    sys.exit(2)


def read_lines(path, keep_line=False):
    """Yields (line number, parsed object) for every non-blank line of a JSON Lines file, or
    (line number, (line, parsed object)) with keep_line."""
    try:
        with open(path, encoding="utf-8") as f:     # iterating splits on \n only, not U+2028
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    value = json.loads(line)
                except json.JSONDecodeError as error:
                    fail(f"{path}:{number}: invalid JSON: {error}")
                if not isinstance(value, dict):
                    fail(f"{path}:{number}: expected a JSON object")
                yield number, ((line, value) if keep_line else value)
    except OSError as error:
        fail(f"cannot read {path}: {error}")


def show(key):
    platform, conversation, message_id = key
    return f"{platform} {conversation} {message_id}"


def short(value, limit=80):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def expected_reactions(message):
    return {r["key"]: (r["count"], sorted(r["reactors"]), r["complete"]) for r in message["reactions"]}


def actual_reactions(message, where, report):
    reactions = message.get("reactions")
    if not isinstance(reactions, list):
        report.add(f"{where}: reactions is {short(reactions)}, not a list")
        return {}
    result = {}
    for r in reactions:
        if not isinstance(r, dict) or not isinstance(r.get("key"), str):
            report.add(f"{where}: reaction without a key: {short(r)}")
            continue
        if r["key"] in result:
            report.add(f"{where}: reaction key {r['key']} appears twice")
            continue
        reactors = r.get("reactors")
        ids = sorted(str(x.get("id")) if isinstance(x, dict) else repr(x) for x in reactors) \
            if isinstance(reactors, list) else None
        result[r["key"]] = (r.get("count"), ids, r.get("reactorsComplete"))
    return result


def compare(key, want, got, report):
    where = show(key)
    author = got.get("author")
    author = author.get("id") if isinstance(author, dict) else author
    if "author" in want and author != want["author"]:
        report.add(f"{where}: author {short(author)}, expected {short(want['author'])}")
    if got.get("deleted") != want["deleted"]:
        report.add(f"{where}: deleted {short(got.get('deleted'))}, expected {short(want['deleted'])}")
    if got.get("text") != want["text"]:
        report.add(f"{where}: text {short(got.get('text'))}, expected {short(want['text'])}")
    total = sum(r["count"] for r in want["reactions"])
    count = got.get("reactionCount")
    if count != total or isinstance(count, bool):
        report.add(f"{where}: reactionCount {short(count)}, expected {total}")
    wanted, found = expected_reactions(want), actual_reactions(got, where, report)
    for emoji in sorted(set(wanted) | set(found)):
        if emoji not in found:
            report.add(f"{where}: reaction {emoji} missing (expected count {wanted[emoji][0]})")
        elif emoji not in wanted:
            report.add(f"{where}: unexpected reaction {emoji} (count {short(found[emoji][0])})")
        else:
            (w_count, w_ids, w_complete), (g_count, g_ids, g_complete) = wanted[emoji], found[emoji]
            if g_count != w_count or isinstance(g_count, bool):
                report.add(f"{where}: {emoji} count {short(g_count)}, expected {w_count}")
            if g_ids != w_ids:
                missing = [x for x in w_ids if x not in (g_ids or [])]
                extra = [x for x in (g_ids or []) if x not in w_ids]
                report.add(f"{where}: {emoji} reactors differ: missing {short(missing)}, "
                           f"unexpected {short(extra) if g_ids is not None else 'no reactor list'}")
            if g_complete != w_complete:
                report.add(f"{where}: {emoji} reactorsComplete {short(g_complete)}, expected {short(w_complete)}")


def read_expected(path):
    """{(platform, conversation id, message id): raw line}: only the raw lines are kept in
    memory; each is parsed again when its message comes up."""
    raw = {}
    for number, message in read_lines(path, keep_line=True):
        line, message = message
        try:
            key = (message["platform"], message["conversation"], message["id"])
        except KeyError as error:
            fail(f"{path}:{number}: missing {error}")
        if key in raw:
            fail(f"{path}:{number}: {show(key)} appears twice")
        raw[key] = line
    return raw


def verify(expected_path, actual_path):
    """Prints the result; returns the exit status."""
    report = Report()
    raw = read_expected(expected_path)
    seen = set()
    checked = 0
    for number, message in read_lines(actual_path):
        conversation = message.get("conversation")
        conversation_id = conversation.get("id") if isinstance(conversation, dict) else conversation
        key = (message.get("platform"), conversation_id, message.get("id"))
        if key in seen:
            report.add(f"{show(key)}: appears twice in the output (line {number})")
            continue
        seen.add(key)
        line = raw.pop(key, None)
        if line is None:
            report.add(f"{show(key)}: in the output (line {number}) but not expected")
            continue
        checked += 1
        compare(key, json.loads(line), message, report)
    for key in sorted(raw):
        report.add(f"{show(key)}: expected but missing from the output")
    checked += len(raw)

    print(f"{checked} messages checked, {report.count} mismatches")
    for text in report.shown:
        print(f"  {text}")
    if report.count > len(report.shown):
        print(f"  … and {report.count - len(report.shown)} more")
    return 1 if report.count else 0
