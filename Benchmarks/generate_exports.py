#!/usr/bin/env python3
"""Generate synthetic chat exports with reactions, plus the ground truth for them.

    python3 Benchmarks/generate_exports.py \
        --platform {pubnub,stream,cometchat,slack,slack-zip,discord,telegram,matrix} \
        --messages N --seed S --out DIR

writes the export files under DIR/input/ and the expected result under DIR/expected.jsonl,
one line per message, sorted by platform, conversation id, message id:

    {"platform":"pubnub","conversation":"support","id":"17000000000000000","deleted":false,
     "text":"…","reactions":[{"key":"👍","count":3,"reactors":["bob","carol"],"complete":true}]}

The generator keeps its own model of the truth (who holds which reaction on which message) and
derives both the files and the expected results from that model; it never needs the tool.
Same arguments give byte-identical output. Python 3 standard library only.

Everything is streamed: messages are written as they are generated; the only things shuffled
are event logs and CometChat reaction lists, which go through a bucketed on-disk shuffle
(ShuffledSink), so a million messages fit in modest memory.

Compare the tool's data/messages.jsonl with the truth using Benchmarks/verify_messages.py.
"""

import argparse
import collections
import datetime
import json
import os
import random
import shutil
import sys

# --------------------------------------------------------------------------------------------
# Emoji identity
# --------------------------------------------------------------------------------------------

# Names that resolve through the tool's table (Stream default types) and one custom name that
# is in no emoji table. Use no other names: anything else might be an iamcal shortcode.
NAME_KEYS = {
    "like": "👍", "love": "❤", "haha": "😂", "wow": "😮", "sad": "😔", "angry": "😠",
    "zz_partyblob": ":zz_partyblob:",
}

# Unicode reaction values. Several spellings of one key on purpose: ❤ / ❤️, ☺ / ☺️.
# ZWJ sequences keep their ZWJ in the key; only U+FE0F / U+FE0E are removed.
UNICODE_VALUES = [
    "👍", "👍", "👍", "❤️", "❤️", "❤", "😂", "😂", "🎉", "🎉", "🔥", "🔥", "👀", "🙏", "✅",
    "👍🏽", "🧑‍💻", "🏳️‍🌈", "☺️", "☺", "😮", "🚀",
]
NAME_VALUES = ["like", "love", "haha", "wow", "sad", "angry", "zz_partyblob"]


def reaction_key(value):
    """The tool's key for a reaction value: names via NAME_KEYS, else drop U+FE0F/U+FE0E."""
    if value in NAME_KEYS:
        return NAME_KEYS[value]
    return value.replace("\ufe0f", "").replace("\ufe0e", "")


# Every spelling that maps to each key, so that one person can add "the same" reaction twice
# in two spellings (PubNub duplicate adds).
SPELLINGS = {}
for _value in sorted(set(UNICODE_VALUES + NAME_VALUES + ["❤️", "❤", "love", "like", "👍", "☺", "☺️"])):
    SPELLINGS.setdefault(reaction_key(_value), []).append(_value)


def pick_value(rng):
    """A reaction value: mostly Unicode, sometimes a name (~15 %)."""
    if rng.random() < 0.15:
        return rng.choice(NAME_VALUES)
    return rng.choice(UNICODE_VALUES)


def pick_distinct_values(rng, count):
    """`count` reaction values with pairwise different keys (one spelling per key)."""
    values, keys = [], set()
    for _ in range(count * 4):
        if len(values) == count:
            break
        value = pick_value(rng)
        key = reaction_key(value)
        if key not in keys:
            keys.add(key)
            values.append(value)
    return values


def reaction_count_for(rng, popular):
    """How many people hold one reaction: usually a few, on popular messages many."""
    if popular:
        return rng.randint(11, 60)
    return rng.choice((1, 1, 1, 2, 2, 3, 4, 5))


# --------------------------------------------------------------------------------------------
# People and text
# --------------------------------------------------------------------------------------------

FIRST = ["Ada", "Bob", "Carol", "Dev", "Emi", "Felix", "Grace", "Hugo", "Ines", "Jonas", "Kemi",
         "Lars", "Mina", "Nils", "Olu", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Umar", "Vera",
         "Wen", "Xavi", "Yara", "Zoe"]
LAST = ["Okafor", "Lind", "Diaz", "Patel", "Tanaka", "Braun", "Hopper", "Moreau", "Silva",
        "Berg", "Adeyemi", "Nilsen", "Cho", "Keller", "Bello", "Rao", "Murphy", "Costa", "Haddad",
        "Strand"]


def make_people(count=400):
    """[(id, display name)]: a named cast first (ada, bob, …), then u0027… with made-up names."""
    people = []
    for i, first in enumerate(FIRST):
        people.append((first.lower(), f"{first} {LAST[i % len(LAST)]}"))
    i = len(people)
    while len(people) < count:
        first = FIRST[i % len(FIRST)]
        last = LAST[(i * 7) % len(LAST)]
        people.append((f"u{i:04d}", f"{first} {last}"))
        i += 1
    return people


PEOPLE = make_people()
NAMES = dict(PEOPLE)
PEOPLE_IDS = [p for p, _ in PEOPLE]

WORDS = ("deploy build ship review merge fix bug release staging prod latency cache queue "
         "schema migration rollback dashboard metrics alert oncall incident postmortem launch "
         "beta customer ticket invoice pricing docs changelog roadmap sprint demo retro api "
         "endpoint webhook token flaky test pipeline canary hotfix branch tag version").split()
EXTRAS = [' "quoted"', " **bold**", " `make test`", " [notes](https://example.com/notes?a=1&b=2)",
          "\nsecond line", " ☕", " naïve café", " C:\\temp\\logs", " 🚀", " <b>not html</b>",
          " 50% done", " ẞ ß Ω 漢字", " tab\there", " \u2028sep"]


def make_text(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(2, 12))]
    text = " ".join(words)
    text = text[0].upper() + text[1:]
    if rng.random() < 0.35:
        text += rng.choice(EXTRAS)
    return text + rng.choice((".", "?", "!", ""))


# --------------------------------------------------------------------------------------------
# Output helpers
# --------------------------------------------------------------------------------------------

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


class ExpectedWriter:
    """Writes DIR/expected.jsonl sorted by (conversation, id) for one platform. Messages arrive
    per conversation in increasing id order (the writers guarantee it: ids are fixed-width);
    each conversation goes to a temporary file and the files are joined in conversation order."""

    def __init__(self, out, platform, temp):
        self.out, self.platform, self.temp = out, platform, temp
        self.files, self.last_id = {}, {}
        self.count = 0

    def add(self, conversation, message_id, deleted, text, reactions):
        """reactions: {key: (count, reactor ids, complete)}; keys with count 0 are dropped."""
        if conversation not in self.files:
            path = os.path.join(self.temp, f"expected-{len(self.files)}.tmp")
            self.files[conversation] = (path, open(path, "w", encoding="utf-8"))
        assert self.last_id.get(conversation, "") < message_id, "ids must grow per conversation"
        self.last_id[conversation] = message_id
        items = []
        for key in sorted(reactions):
            count, reactors, complete = reactions[key]
            if count > 0:
                items.append({"key": key, "count": count, "reactors": sorted(reactors),
                              "complete": complete})
        line = {"platform": self.platform, "conversation": conversation, "id": message_id,
                "deleted": deleted, "text": text, "reactions": items}
        self.files[conversation][1].write(dumps(line) + "\n")
        self.count += 1

    def close(self):
        with open(os.path.join(self.out, "expected.jsonl"), "w", encoding="utf-8") as out:
            for conversation in sorted(self.files):
                path, f = self.files[conversation]
                f.close()
                with open(path, encoding="utf-8") as part:
                    shutil.copyfileobj(part, out)
                os.remove(path)


def split_counts(rng, total, weights):
    """Splits `total` over len(weights) parts, each part >= 1 when total allows it."""
    counts = [1 if i < total else 0 for i in range(len(weights))]
    for _ in range(total - sum(counts)):
        counts[rng.choices(range(len(weights)), weights)[0]] += 1
    return counts


# --------------------------------------------------------------------------------------------
# PubNub
# --------------------------------------------------------------------------------------------

TICKS = 10_000_000          # timetoken ticks per second (100 ns)
HOUR, DAY = 3600 * TICKS, 86400 * TICKS

# (channel, history file shape, timetokens written as JSON strings?)
PUBNUB_CHANNELS = [
    ("support", "service", True), ("general", "sdk", False), ("launch", "array", True),
    ("random", "service", False), ("eng-backend", "sdk", True), ("design", "array", False),
]
PUBNUB_LIST_CHANNEL = "support"   # the channel that also gets an actions-<channel>.json list


def write_pubnub(rng, n, out, temp):
    """History snapshots taken at T1 (every message is older than T1), message-action events
    (mostly after T1, some before T1 that repeat history exactly), one message-action list.

    Model: every add is an instance (message, actionTimetoken, uuid) with a value; an instance
    may be removed. A reactor counts for a key when one of its instances for that key is not
    removed. Where each instance shows up follows from when it was added and removed:
      added < T1, never removed or removed after T1 -> in history (removal as event);
      added < T1 and removed before T1             -> absent from history; sometimes the
                                                      add+removed pair is in the event log;
      added > T1                                    -> 'added' event (+ 'removed' event).
    """
    expected = ExpectedWriter(out, "pubnub", temp)
    events = ShuffledSink(rng, temp, "pubnub-events", max(1, n // 20_000))
    listed_actions = []

    # Global, strictly increasing, odd-heavy message timetokens (> 2^53, never round numbers).
    tts, tt = [], 17_000_000_000_000_000 + rng.randint(0, 10 ** 15)
    for _ in range(n):
        tt += rng.randint(TICKS, 120 * TICKS)
        tts.append(tt)
    t1 = (tts[-1] if tts else tt) + HOUR          # the history snapshot time
    t_end = t1 + 7 * DAY                          # the last event

    def fmt(stringly, value):
        return str(value) if stringly else value

    writers = {}

    def history_writer(channel, shape):
        """The history file of a channel, opened with its first message."""
        if channel not in writers:
            path = os.path.join(out, "input", f"history-{channel}.json")
            if shape == "service":
                prefix = '{"status":200,"error":false,"error_message":"","channels":{%s:[' % dumps(channel)
                writers[channel] = JsonArrayWriter(path, prefix, "]}}")
            elif shape == "sdk":
                writers[channel] = JsonArrayWriter(path, '{"channels":{%s:[' % dumps(channel), "]}}")
            else:
                writers[channel] = JsonArrayWriter(path)
        return writers[channel]

    channel_weights = [5, 4, 3, 2, 2, 1]
    for i, tt in enumerate(tts):
        if i < len(PUBNUB_CHANNELS):
            channel, shape, stringly = PUBNUB_CHANNELS[i]
        else:
            channel, shape, stringly = rng.choices(PUBNUB_CHANNELS, channel_weights)[0]
        author = rng.choice(PEOPLE_IDS[:40])
        text = make_text(rng)
        used_tokens = set()

        def action_tt(lo, hi):
            lo, hi = max(lo, tt + 1), max(hi, tt + 2)
            while True:
                value = rng.randint(lo, hi)
                if value not in used_tokens:
                    used_tokens.add(value)
                    return value

        # -- reaction instances --------------------------------------------------------------
        instances = []   # dicts: type, value, uuid, at, removed_at (None = live)
        popular = rng.random() < 0.03
        for value in pick_distinct_values(rng, rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
            key = reaction_key(value)
            for uuid in rng.sample(PEOPLE_IDS, reaction_count_for(rng, popular)):
                spellings = [value]
                if rng.random() < 0.08:          # the same person adds the same key again
                    spellings.append(rng.choice(SPELLINGS[key]))
                for spelling in spellings:
                    before_t1 = rng.random() < 0.8
                    at = (action_tt(tt + TICKS, min(tt + 3 * DAY, t1 - TICKS)) if before_t1
                          else action_tt(t1 + 1, t_end))
                    removed_at = None
                    if rng.random() < 0.1:
                        removed_at = rng.randint(at + 1, t1 - 1) if (before_t1 and rng.random() < 0.4) \
                            else rng.randint(max(at, t1) + 1, t_end + DAY)
                    instances.append({"type": rng.choice(("reaction", "reactions")),
                                      "value": spelling, "uuid": uuid, "at": at,
                                      "removed_at": removed_at})

        # -- truth -----------------------------------------------------------------------------
        holders = {}
        for inst in instances:
            if inst["removed_at"] is None:
                holders.setdefault(reaction_key(inst["value"]), set()).add(inst["uuid"])

        # -- other actions: edits, deletion, read receipts --------------------------------------
        edits = []
        if rng.random() < 0.04:
            for k in range(rng.randint(1, 3)):
                edits.append((f"{text} (edit {k + 1})", action_tt(tt + 1, t1 - 1)))
            rng.shuffle(edits)                   # the largest actionTimetoken wins, not the last
            final_text = max(edits, key=lambda e: e[1])[0]
        else:
            final_text = text
        deleted_at = action_tt(tt + 1, t1 - 1) if rng.random() < 0.02 else None
        receipts = [(uuid, action_tt(tt + 1, t1 - 1)) for uuid in
                    rng.sample(PEOPLE_IDS[:40], rng.randint(1, 3))] if rng.random() < 0.1 else []

        # -- history item --------------------------------------------------------------------
        actions = {}

        def put(type_, value, uuid, at):
            actions.setdefault(type_, {}).setdefault(value, []).append(
                {"uuid": uuid, "actionTimetoken": fmt(stringly, at)})

        for inst in sorted(instances, key=lambda x: x["at"]):
            if inst["at"] < t1 and (inst["removed_at"] is None or inst["removed_at"] > t1):
                put(inst["type"], inst["value"], inst["uuid"], inst["at"])
        for uuid, at in receipts:
            put("receipt", "read", uuid, at)
        for new_text, at in edits:
            put("edited", new_text, author, at)
        if deleted_at is not None:
            put("deleted", "deleted", author, deleted_at)

        payload = {"type": "text", "text": text} if rng.random() < 0.3 else {"text": text}
        if shape == "service":
            item = {"message": payload, "timetoken": fmt(stringly, tt), "uuid": author,
                    "message_type": None}
            if actions or rng.random() < 0.5:
                item["actions"] = actions
        elif shape == "sdk":
            item = {"channel": channel, "message": payload, "timetoken": fmt(stringly, tt),
                    "messageType": -1, "uuid": author, "actions": actions, "data": actions}
        else:
            item = {"channel": channel, "message": payload, "timetoken": fmt(stringly, tt),
                    "uuid": author, "actions": actions}
        history_writer(channel, shape).add(item)

        # -- events ----------------------------------------------------------------------------
        def event(kind, type_, value, uuid, at, when):
            return {"channel": channel, "timetoken": str(when), "publisher": uuid, "event": kind,
                    "data": {"type": type_, "value": value, "uuid": uuid,
                             "actionTimetoken": str(at), "messageTimetoken": str(tt)}}

        for inst in instances:
            t, v, u, at, rm = inst["type"], inst["value"], inst["uuid"], inst["at"], inst["removed_at"]
            if at > t1:                          # after the snapshot: only the events know it
                log_add, log_remove = True, rm is not None
            elif rm is None or rm > t1:          # in history; sometimes the log repeats the add
                log_add, log_remove = rng.random() < 0.1, rm is not None
            else:                                # added and removed before T1: both or nothing
                log_add = log_remove = rng.random() < 0.5
            if log_add:
                events.add(event("added", t, v, u, at, at + rng.randint(1, 5000)))
                if rng.random() < 0.02:          # delivered twice
                    events.add(event("added", t, v, u, at, at + rng.randint(1, 5000)))
            if log_remove:
                events.add(event("removed", t, v, u, at, rm))
        if rng.random() < 0.03:                  # a removal whose add never appears: no effect
            at = action_tt(tt + 1, t_end)
            events.add(event("removed", "reaction", pick_value(rng), rng.choice(PEOPLE_IDS), at, at + 10))
        if rng.random() < 0.01:                  # a read receipt event: not a reaction
            at = action_tt(t1 + 1, t_end)
            events.add(event("added", "receipt", "read", rng.choice(PEOPLE_IDS[:40]), at, at + 10))

        # -- message-action list for one channel: more adds, never removed --------------------
        if channel == PUBNUB_LIST_CHANNEL and rng.random() < 0.05:
            value = pick_value(rng)
            uuid = rng.choice(PEOPLE_IDS)
            at = action_tt(t1 + 1, t_end)
            listed_actions.append({"type": rng.choice(("reaction", "reactions")), "value": value,
                                   "uuid": uuid, "actionTimetoken": str(at),
                                   "messageTimetoken": str(tt)})
            holders.setdefault(reaction_key(value), set()).add(uuid)
        if channel == PUBNUB_LIST_CHANNEL and rng.random() < 0.03:
            live = [x for x in instances if x["removed_at"] is None]
            if live:                             # also repeat one known live add in the list
                x = rng.choice(live)
                listed_actions.append({"type": x["type"], "value": x["value"], "uuid": x["uuid"],
                                       "actionTimetoken": str(x["at"]), "messageTimetoken": str(tt)})

        expected.add(channel, str(tt), deleted_at is not None, final_text,
                     {key: (len(uuids), uuids, True) for key, uuids in holders.items()})

    for writer in writers.values():
        writer.close()

    if listed_actions:
        listed_actions.sort(key=lambda a: int(a["actionTimetoken"]))   # the endpoint's order
        path = os.path.join(out, "input", f"actions-{PUBNUB_LIST_CHANNEL}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write('{"status":200,"data":[\n' + ",\n".join(dumps(a) for a in listed_actions) + "\n]}\n")

    # Events, shuffled: a removal often comes before its add. Split over a JSON array and a
    # JSONL file; a few events are delivered to both. A file is written only when non-empty.
    array, jsonl = None, None
    for line in events.lines():
        r = rng.random()
        if r < 0.5 or r > 0.99:
            array = array or JsonArrayWriter(os.path.join(out, "input", "events.json"))
            array.add_raw(line)
        if r >= 0.5:
            jsonl = jsonl or open(os.path.join(out, "input", "events.jsonl"), "w", encoding="utf-8")
            jsonl.write(line + "\n")
    if array:
        array.close()
    if jsonl:
        jsonl.close()
    expected.close()


# --------------------------------------------------------------------------------------------
# Stream Chat
# --------------------------------------------------------------------------------------------

# (type, id, name, where): "export" channels go to export-1.json, "array" ones to
# messages-<id>.json as a plain array of messages.
STREAM_CHANNELS = [
    ("messaging", "general", "General", "export"),
    ("messaging", "support", "Support", "export"),
    ("livestream", "launch", "Launch", "array"),
]
STREAM_LATEST_CAP = 10
EPOCH = datetime.datetime(1970, 1, 1)


def iso(micros, digits):
    """RFC 3339 UTC with 0–6 fraction digits (truncated), e.g. 2024-04-17T13:00:00.1234Z."""
    dt = EPOCH + datetime.timedelta(microseconds=micros)
    text = f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}"
    if digits:
        text += "." + f"{dt.microsecond:06d}"[:digits]
    return text + "Z"


def write_stream(rng, n, out, temp):
    """Export v1 (two channels) and a plain message array (a third channel). Final state only.

    Model per message: for each reaction type the full set of reactors (count = its size);
    latest_reactions holds the newest STREAM_LATEST_CAP reactions over all types, so the
    listed reactors of a popular message are fewer than the count (complete=false).
    One message never carries two types with the same key (`like` and `👍`, `love` and `❤️`):
    Stream keeps a separate total per type, and two totals cannot be merged exactly (the union
    of their reactors is unknown), so there would be no single right answer.
    """
    expected = ExpectedWriter(out, "stream", temp)
    counts = split_counts(rng, n, [5, 3, 2])
    export = JsonArrayWriter(os.path.join(out, "input", "export-1.json"), '{"channels":[', "]}")
    serial = 0
    start = 1_712_000_000 * 10 ** 6 + rng.randint(0, 10 ** 12)   # around April 2024, µs

    for (ctype, cid_id, cname, where), count in zip(STREAM_CHANNELS, counts):
        if count == 0:
            continue
        cid = f"{ctype}:{cid_id}"
        channel = {"id": cid_id, "type": ctype, "cid": cid, "name": cname}
        if where == "export":           # {"channel":…,"messages":[…]} inside export-1.json
            export.add_raw('{"channel":%s,"messages":[' % dumps(channel))
            messages = ItemWriter(export.file)
        else:
            messages = JsonArrayWriter(os.path.join(out, "input", f"messages-{cid_id}.json"))

        now = start
        recent = collections.deque(maxlen=50)    # thread parents are picked among these
        for _ in range(count):
            serial += 1
            now += rng.randint(10 ** 6, 600 * 10 ** 6)
            # uuid-shaped ids that sort (as strings) in creation order: a fixed-width hex serial
            mid = "%08x-%04x-4%03x-%04x-%012x" % (serial, rng.getrandbits(16), rng.getrandbits(12),
                                                 0x8000 | rng.getrandbits(14), rng.getrandbits(48))
            author = rng.choice(PEOPLE_IDS[:40])
            text = make_text(rng)
            deleted = rng.random() < 0.03
            message = {"id": mid, "text": text, "type": "deleted" if deleted else "regular",
                       "user": {"id": author, "name": NAMES[author]},
                       "created_at": iso(now, rng.randint(0, 6))}
            if where == "array" or rng.random() < 0.5:     # a plain array needs the cid
                message["cid"] = cid
            if recent and rng.random() < 0.1:
                message["parent_id"] = rng.choice(recent)
            if deleted:
                message["deleted_at"] = iso(now + rng.randint(10 ** 6, 10 ** 10), rng.randint(0, 6))
            recent.append(mid)

            # -- the truth: type -> [(user, time µs, score)] --------------------------------
            popular = rng.random() < 0.06
            by_type = {}
            for rtype in pick_distinct_values(rng, rng.choice((0, 0, 1, 1, 2, 3))):
                by_type[rtype] = [(u, now + rng.randint(10 ** 6, 2 * 86400 * 10 ** 6),
                                   rng.randint(2, 5) if rng.random() < 0.05 else 1)
                                  for u in rng.sample(PEOPLE_IDS, reaction_count_for(rng, popular))]
            everything = sorted(((at, rtype, u, score) for rtype, rs in by_type.items()
                                 for u, at, score in rs), reverse=True)
            latest, unlisted = everything[:STREAM_LATEST_CAP], everything[STREAM_LATEST_CAP:]

            def reaction(at, rtype, u, score):
                stamp = iso(at, rng.randint(0, 6))
                return {"type": rtype, "score": score, "user_id": u,
                        "user": {"id": u, "name": NAMES[u]}, "message_id": mid,
                        "created_at": stamp, "updated_at": stamp}

            groups = {t: {"count": len(rs), "sum_scores": sum(s for _, _, s in rs),
                          "first_reaction_at": iso(min(a for _, a, _ in rs), 6),
                          "last_reaction_at": iso(max(a for _, a, _ in rs), 6)}
                      for t, rs in by_type.items()}
            totals = {t: g["count"] for t, g in groups.items()}
            scores = {t: g["sum_scores"] for t, g in groups.items()}
            if by_type:
                mode = rng.choices(("both", "counts", "groups"), (75, 20, 5))[0]
                if mode == "both" and rng.random() < 0.15:
                    # reaction_groups wins: make reaction_counts disagree (up or down)
                    t = rng.choice(sorted(totals))
                    totals = dict(totals)
                    totals[t] = max(0, totals[t] + rng.choice((-3, -1, 1, 2, 5)))
                if mode in ("both", "groups"):
                    message["reaction_groups"] = groups
                if mode in ("both", "counts"):
                    message["reaction_counts"] = totals
                    message["reaction_scores"] = scores
            else:
                empty = rng.choice(("missing", "empty", "null"))
                if empty != "missing":
                    value = {} if empty == "empty" else None
                    message.update(reaction_groups=value, reaction_counts=value, reaction_scores=value)
            message["latest_reactions"] = [reaction(*r) for r in latest]
            # own_reactions are the exporting user's own reactions: real ones, listed as
            # reactors like latest_reactions. Put there the reactions of someone who is NOT in
            # latest_reactions, so that reading them (or not) shows in the reactor lists.
            own = []
            if unlisted:
                listed_users = {u for _, _, u, _ in latest}
                hidden = sorted({u for _, _, u, _ in unlisted} - listed_users)
                if hidden:
                    who = rng.choice(hidden)
                    own = [r for r in unlisted if r[2] == who]
            message["own_reactions"] = [reaction(*r) for r in own]
            messages.add(message)

            truth = {}
            for rtype, rs in by_type.items():
                listed = sorted({u for _, t, u, _ in latest + own if t == rtype})
                truth[reaction_key(rtype)] = (len(rs), listed, len(listed) == len(rs))
            expected.add(cid, mid, deleted, text, truth)

        if where == "export":
            export.file.write("\n]}")
        else:
            messages.close()
    export.close()
    expected.close()


# --------------------------------------------------------------------------------------------
# CometChat
# --------------------------------------------------------------------------------------------

# (conversationId, receiverType, receiver, receiver name, possible senders/reactors or None)
COMETCHAT_CONVERSATIONS = [
    ("group_launch", "group", "launch", "Launch", None),
    ("group_support", "group", "support", "Support", None),
    ("ada_user_bob", "user", None, None, ["ada", "bob"]),
]


def write_cometchat(rng, n, out, temp):
    """Messages with reaction summaries (two files), per-message reaction lists (several files,
    shuffled) and an event log (shuffled).

    Model per message and key: the final holders F, each with a reaction id. The summary count
    is |F|. Some holders are hidden (in the count, listed nowhere: complete=false); the others
    appear in a reactions list, or only as an 'added' event, or both (same id). Extra add/remove
    event pairs with their own ids cancel each other (the remover may still hold the key through
    another id). Removals of ids that never appear have no effect. Lists are final state, so no
    event removes a listed reaction.
    """
    expected = ExpectedWriter(out, "cometchat", temp)
    buckets = max(1, n // 20_000)
    listed = ShuffledSink(rng, temp, "cometchat-reactions", buckets)
    events = ShuffledSink(rng, temp, "cometchat-events", buckets)
    files = [JsonArrayWriter(os.path.join(out, "input", f"messages-{k}.json"), '{"data":[',
                             "") for k in (1, 2)]
    base = 10 ** len(str(max(n, 1)))     # fixed-width ids: string order == numeric order
    reaction_serial = [10 ** 9]
    sent = 1_700_000_000 + rng.randint(0, 10 ** 6)
    recent_by_conversation = {}

    def new_reaction_id():
        reaction_serial[0] += rng.randint(1, 9)
        return str(reaction_serial[0])

    def entity_user(uid):
        return {"entityType": "user", "entity": {"uid": uid, "name": NAMES[uid]}}

    for i in range(n):
        mid = str(base + i)
        sent += rng.randint(1, 120)
        conv_id, rtype, receiver, receiver_name, members = (
            COMETCHAT_CONVERSATIONS[i] if i < len(COMETCHAT_CONVERSATIONS)
            else rng.choices(COMETCHAT_CONVERSATIONS, (6, 3, 1))[0])
        if members:
            sender = rng.choice(members)
            receiver = members[1] if sender == members[0] else members[0]
            receiver_entity = entity_user(receiver)
        else:
            sender = rng.choice(PEOPLE_IDS[:40])
            receiver_entity = {"entityType": "group", "entity": {"guid": receiver, "name": receiver_name}}
        text = make_text(rng)
        message = {"id": mid, "conversationId": conv_id, "sender": sender,
                   "receiverType": rtype, "receiver": receiver, "category": "message", "type": "text",
                   "data": {"text": text, "entities": {"sender": entity_user(sender),
                                                       "receiver": receiver_entity}},
                   "sentAt": sent, "updatedAt": sent}
        recent = recent_by_conversation.setdefault(conv_id, collections.deque(maxlen=50))
        if recent and rng.random() < 0.08:
            message["parentId"] = rng.choice(recent)
        recent.append(mid)
        deleted = rng.random() < 0.03
        if deleted:
            message["deletedAt"] = message["updatedAt"] = sent + rng.randint(60, 86400)
            message["deletedBy"] = sender

        # -- reactions -------------------------------------------------------------------------
        pool = members or PEOPLE_IDS
        popular = rng.random() < 0.03 and not members
        summary, truth = [], {}

        def reaction_item(rid, value, uid):
            return {"id": rid, "messageId": mid, "reaction": value, "uid": uid,
                    "reactedAt": sent + rng.randint(1, 3 * 86400),
                    "reactedBy": {"uid": uid, "name": NAMES[uid]}}

        def event(trigger, item):
            return {"trigger": trigger, "data": {"reaction": item}}

        for value in pick_distinct_values(rng, rng.choice((0, 0, 0, 1, 1, 2, 3))):
            holders = rng.sample(pool, min(len(pool), reaction_count_for(rng, popular)))
            hidden = set(rng.sample(holders, rng.randint(1, len(holders)))) \
                if rng.random() < 0.08 else set()
            known = []
            for uid in holders:
                if uid in hidden:
                    continue
                item = reaction_item(new_reaction_id(), value, uid)
                route = rng.choices(("list", "event", "both"), (75, 15, 10))[0]
                if route in ("list", "both"):
                    listed.add(item)
                if route in ("event", "both"):
                    events.add(event("message_reaction_added", item))
                known.append(uid)
            if rng.random() < 0.1:               # add/remove pairs that cancel
                for _ in range(rng.randint(1, 2)):
                    item = reaction_item(new_reaction_id(), value, rng.choice(pool))
                    events.add(event("message_reaction_added", item))
                    events.add(event("message_reaction_removed", item))
            summary.append({"reaction": value, "count": len(holders), "reactedByMe": rng.random() < 0.3})
            truth[reaction_key(value)] = (len(holders), known, len(known) == len(holders))
        if rng.random() < 0.02:                  # removal of a reaction never seen: no effect
            item = reaction_item(new_reaction_id(), pick_value(rng), rng.choice(pool))
            events.add(event("message_reaction_removed", item))

        if summary or rng.random() < 0.5:
            rng.shuffle(summary)
            message["reactions"] = summary
        files[0 if i == 0 else 1 if i == 1 else rng.randint(0, 1)].add(message)
        expected.add(conv_id, mid, deleted, text, truth)

    for f in files:
        f.close('],"meta":{"current":{"limit":%d,"count":%d}}}' % (max(f.count, 1), f.count))

    # Reaction lists: shuffled, cut into several files that have nothing to do with messages.
    parts = min(max(3, n // 100_000), listed.count)
    size = -(-listed.count // parts) if parts else 1
    writers = [JsonArrayWriter(os.path.join(out, "input", f"reactions-{k + 1}.json"), '{"data":[', "")
               for k in range(parts)]
    for index, line in enumerate(listed.lines()):
        writers[index // size].add_raw(line)
    for w in writers:
        w.close('],"meta":{"current":{"limit":100,"count":%d}}}' % w.count)

    if events.count:
        array = JsonArrayWriter(os.path.join(out, "input", "events.json"))
        for line in events.lines():
            array.add_raw(line)
        array.close()
    expected.close()


# --------------------------------------------------------------------------------------------

WRITERS = {"pubnub": write_pubnub, "stream": write_stream, "cometchat": write_cometchat}


def write_community(platform):
    """Slack (folder or zip), Discord, Telegram and Matrix come from Benchmarks/community_exports.py,
    whose writers fill DIR/input and return the truth lines already sorted."""
    def write(rng, n, out, temp):
        import community_exports           # here, not at the top: it imports this module
        lines = community_exports.WRITERS[platform](n, rng, os.path.join(out, "input"))
        with open(os.path.join(out, "expected.jsonl"), "w", encoding="utf-8") as f:
            for line in lines:
                f.write(dumps(line) + "\n")
    return write


for _platform in ("slack", "slack-zip", "discord", "telegram", "matrix"):
    WRITERS[_platform] = write_community(_platform)


def prepare(out):
    """Creates DIR/input; clears a previous run's .json/.jsonl/.zip files and folders of .json
    files, refuses anything else."""
    folder = os.path.join(out, "input")
    os.makedirs(folder, exist_ok=True)
    names = os.listdir(folder)

    def ours(name):                      # Slack writes channel folders of day files and zips
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            return all(f.endswith(".json") for _, _, files in os.walk(path) for f in files)
        return name.endswith((".json", ".jsonl", ".zip"))

    strangers = [x for x in names if not ours(x)]
    if strangers:
        sys.exit(f"generate_exports: {folder} holds files this tool did not write "
                 f"({', '.join(sorted(strangers)[:3])}); use an empty folder")
    for x in names:
        path = os.path.join(folder, x)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    temp = os.path.join(out, ".generate-tmp")
    shutil.rmtree(temp, ignore_errors=True)
    os.makedirs(temp)
    return temp


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--platform", required=True, choices=sorted(WRITERS))
    parser.add_argument("--messages", required=True, type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.messages < 1:
        parser.error("--messages must be at least 1")
    temp = prepare(args.out)
    rng = random.Random(f"{args.platform}:{args.seed}")
    WRITERS[args.platform](rng, args.messages, args.out, temp)
    shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
