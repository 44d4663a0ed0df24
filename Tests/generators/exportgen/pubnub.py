"""PubNub: history snapshots taken at T1 (every message is older than T1), message-action events
(mostly after T1, some before T1 that repeat history exactly) and one message-action list.

Model: every add is an instance (message, actionTimetoken, uuid) with a value; an instance may
be removed. A reactor counts for a key when one of its instances for that key is not removed.
Where each instance shows up follows from when it was added and removed:
  added < T1, never removed or removed after T1 -> in history (removal as event);
  added < T1 and removed before T1             -> absent from history; sometimes the add+removed
                                                  pair is in the event log;
  added > T1                                    -> 'added' event (+ 'removed' event).

No replies (PubNub messages have no parent field) and no bots. No names either: excludePeople's
name entry matches nobody here.
"""

import os

from .jsonwriter import JsonArrayWriter, ShuffledSink, dumps
from .world import PEOPLE, PEOPLE_IDS, SPELLINGS, make_text, pick_distinct_values, pick_value, \
    quiet_spell, reaction_count_for, reaction_key

TICKS = 10_000_000          # timetoken ticks per second (100 ns)
HOUR, DAY = 3600 * TICKS, 86400 * TICKS

# (channel, history file shape, timetokens written as JSON strings?)
CHANNELS = [
    ("support", "service", True), ("general", "sdk", False), ("launch", "array", True),
    ("random", "service", False), ("eng-backend", "sdk", True), ("design", "array", False),
]
CHANNEL_WEIGHTS = [5, 4, 3, 2, 2, 1]
LIST_CHANNEL = "support"    # the channel that also gets an actions-<channel>.json list


def write(rng, n, folder, truth, scratch):
    """Writes history-<channel>.json files, events.json / events.jsonl and actions-support.json
    into `folder`, and every message's truth."""
    export = Export(rng, n, folder, scratch)
    for channel, _, _ in CHANNELS:
        truth.conversation(channel, channel)
    truth.people(PEOPLE[:40])
    for i, tt in enumerate(export.timetokens):
        channel = CHANNELS[i] if i < len(CHANNELS) else rng.choices(CHANNELS, CHANNEL_WEIGHTS)[0]
        post = Post(rng, tt, *channel)
        holders = export.add(post)
        truth.add(post.channel, str(tt), post.deleted_at is not None, post.final_text,
                  {key: (len(uuids), uuids, True) for key, uuids in holders.items()},
                  author=post.author)
    export.close()


class Post:
    """One message: its channel, author and text, and the timetokens its actions took."""

    def __init__(self, rng, tt, channel, shape, stringly):
        self.rng, self.tt = rng, tt
        self.channel, self.shape, self.stringly = channel, shape, stringly
        self.used_tokens = set()
        self.author = rng.choice(PEOPLE_IDS[:40])
        self.text = make_text(rng)

    def action_tt(self, lo, hi):
        """A timetoken in [lo, hi] after the message's own, unused by its other actions."""
        lo, hi = max(lo, self.tt + 1), max(hi, self.tt + 2)
        while True:
            value = self.rng.randint(lo, hi)
            if value not in self.used_tokens:
                self.used_tokens.add(value)
                return value

    def fmt(self, value):
        return str(value) if self.stringly else value


class Export:
    """The files of one export, filled one message at a time."""

    def __init__(self, rng, n, folder, scratch):
        self.rng, self.folder = rng, folder
        self.events = ShuffledSink(rng, scratch, "pubnub-events", max(1, n // 20_000))
        self.listed_actions = []
        self.histories = {}
        # Global, strictly increasing, odd-heavy message timetokens (> 2^53, never round numbers).
        self.timetokens, tt = [], 17_000_000_000_000_000 + rng.randint(0, 10 ** 15)
        for _ in range(n):
            tt += rng.randint(TICKS, 120 * TICKS) + quiet_spell(rng) * TICKS
            self.timetokens.append(tt)
        self.t1 = (self.timetokens[-1] if self.timetokens else tt) + HOUR   # the snapshot time
        self.t_end = self.t1 + 7 * DAY                                      # the last event

    def add(self, post):
        """Makes the post's reactions and other actions, writes them where they show up and
        returns the truth: {key: set of uuids holding it}."""
        instances = self.reaction_instances(post)
        holders = {}
        for inst in instances:
            if inst["removed_at"] is None:
                holders.setdefault(reaction_key(inst["value"]), set()).add(inst["uuid"])
        self.other_actions(post)
        self.history(post.channel, post.shape).add(self.history_item(post, instances))
        self.log_events(post, instances)
        self.list_actions(post, instances, holders)
        return holders

    def reaction_instances(self, post):
        """Every add: dicts of type, value, uuid, at, removed_at (None = live)."""
        rng, t1 = self.rng, self.t1
        instances = []
        popular = rng.random() < 0.03
        for value in pick_distinct_values(rng, rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
            key = reaction_key(value)
            for uuid in rng.sample(PEOPLE_IDS, reaction_count_for(rng, popular)):
                spellings = [value]
                if rng.random() < 0.08:          # the same person adds the same key again
                    spellings.append(rng.choice(SPELLINGS[key]))
                for spelling in spellings:
                    before_t1 = rng.random() < 0.8
                    at = (post.action_tt(post.tt + TICKS, min(post.tt + 3 * DAY, t1 - TICKS))
                          if before_t1 else post.action_tt(t1 + 1, self.t_end))
                    removed_at = None
                    if rng.random() < 0.1:
                        removed_at = rng.randint(at + 1, t1 - 1) if (before_t1 and rng.random() < 0.4) \
                            else rng.randint(max(at, t1) + 1, self.t_end + DAY)
                    instances.append({"type": rng.choice(("reaction", "reactions")),
                                      "value": spelling, "uuid": uuid, "at": at,
                                      "removed_at": removed_at})
        return instances

    def other_actions(self, post):
        """Edits (the largest actionTimetoken wins, not the last), deletion, read receipts."""
        rng, tt, t1 = self.rng, post.tt, self.t1
        post.edits = []
        if rng.random() < 0.04:
            for k in range(rng.randint(1, 3)):
                post.edits.append((f"{post.text} (edit {k + 1})", post.action_tt(tt + 1, t1 - 1)))
            rng.shuffle(post.edits)
            post.final_text = max(post.edits, key=lambda e: e[1])[0]
        else:
            post.final_text = post.text
        post.deleted_at = post.action_tt(tt + 1, t1 - 1) if rng.random() < 0.02 else None
        post.receipts = [(uuid, post.action_tt(tt + 1, t1 - 1)) for uuid in
                         rng.sample(PEOPLE_IDS[:40], rng.randint(1, 3))] if rng.random() < 0.1 else []

    def history_item(self, post, instances):
        """The message as history shows it at T1, in its channel's file shape."""
        actions = {}

        def put(type_, value, uuid, at):
            actions.setdefault(type_, {}).setdefault(value, []).append(
                {"uuid": uuid, "actionTimetoken": post.fmt(at)})

        for inst in sorted(instances, key=lambda x: x["at"]):
            if inst["at"] < self.t1 and (inst["removed_at"] is None or inst["removed_at"] > self.t1):
                put(inst["type"], inst["value"], inst["uuid"], inst["at"])
        for uuid, at in post.receipts:
            put("receipt", "read", uuid, at)
        for new_text, at in post.edits:
            put("edited", new_text, post.author, at)
        if post.deleted_at is not None:
            put("deleted", "deleted", post.author, post.deleted_at)

        payload = {"type": "text", "text": post.text} if self.rng.random() < 0.3 else {"text": post.text}
        timetoken = post.fmt(post.tt)
        if post.shape == "service":
            item = {"message": payload, "timetoken": timetoken, "uuid": post.author,
                    "message_type": None}
            if actions or self.rng.random() < 0.5:
                item["actions"] = actions
            return item
        if post.shape == "sdk":
            return {"channel": post.channel, "message": payload, "timetoken": timetoken,
                    "messageType": -1, "uuid": post.author, "actions": actions, "data": actions}
        return {"channel": post.channel, "message": payload, "timetoken": timetoken,
                "uuid": post.author, "actions": actions}

    def history(self, channel, shape):
        """The history file of a channel, opened with its first message."""
        if channel not in self.histories:
            path = os.path.join(self.folder, f"history-{channel}.json")
            name = dumps(channel)
            if shape == "service":
                prefix = '{"status":200,"error":false,"error_message":"","channels":{%s:[' % name
                self.histories[channel] = JsonArrayWriter(path, prefix, "]}}")
            elif shape == "sdk":
                self.histories[channel] = JsonArrayWriter(path, '{"channels":{%s:[' % name, "]}}")
            else:
                self.histories[channel] = JsonArrayWriter(path)
        return self.histories[channel]

    def log_events(self, post, instances):
        """The adds and removals the event log delivers, plus a few that change nothing."""
        rng, t1, t_end = self.rng, self.t1, self.t_end

        def event(kind, type_, value, uuid, at, when):
            return {"channel": post.channel, "timetoken": str(when), "publisher": uuid, "event": kind,
                    "data": {"type": type_, "value": value, "uuid": uuid,
                             "actionTimetoken": str(at), "messageTimetoken": str(post.tt)}}

        for inst in instances:
            t, v, u, at, rm = inst["type"], inst["value"], inst["uuid"], inst["at"], inst["removed_at"]
            if at > t1:                          # after the snapshot: only the events know it
                log_add, log_remove = True, rm is not None
            elif rm is None or rm > t1:          # in history; sometimes the log repeats the add
                log_add, log_remove = rng.random() < 0.1, rm is not None
            else:                                # added and removed before T1: both or nothing
                log_add = log_remove = rng.random() < 0.5
            if log_add:
                self.events.add(event("added", t, v, u, at, at + rng.randint(1, 5000)))
                if rng.random() < 0.02:          # delivered twice
                    self.events.add(event("added", t, v, u, at, at + rng.randint(1, 5000)))
            if log_remove:
                self.events.add(event("removed", t, v, u, at, rm))
        if rng.random() < 0.03:                  # a removal whose add never appears: no effect
            at = post.action_tt(post.tt + 1, t_end)
            value, uuid = pick_value(rng), rng.choice(PEOPLE_IDS)
            self.events.add(event("removed", "reaction", value, uuid, at, at + 10))
        if rng.random() < 0.01:                  # a read receipt event: not a reaction
            at = post.action_tt(t1 + 1, t_end)
            self.events.add(event("added", "receipt", "read", rng.choice(PEOPLE_IDS[:40]), at, at + 10))

    def list_actions(self, post, instances, holders):
        """The message-action list of one channel: more adds (added to `holders`), never removed."""
        rng = self.rng
        if post.channel == LIST_CHANNEL and rng.random() < 0.05:
            value = pick_value(rng)
            uuid = rng.choice(PEOPLE_IDS)
            at = post.action_tt(self.t1 + 1, self.t_end)
            self.listed_actions.append({"type": rng.choice(("reaction", "reactions")), "value": value,
                                        "uuid": uuid, "actionTimetoken": str(at),
                                        "messageTimetoken": str(post.tt)})
            holders.setdefault(reaction_key(value), set()).add(uuid)
        if post.channel == LIST_CHANNEL and rng.random() < 0.03:
            live = [x for x in instances if x["removed_at"] is None]
            if live:                             # also repeat one known live add in the list
                x = rng.choice(live)
                self.listed_actions.append({"type": x["type"], "value": x["value"], "uuid": x["uuid"],
                                            "actionTimetoken": str(x["at"]),
                                            "messageTimetoken": str(post.tt)})

    def close(self):
        for writer in self.histories.values():
            writer.close()
        if self.listed_actions:
            self.listed_actions.sort(key=lambda a: int(a["actionTimetoken"]))   # the endpoint's order
            path = os.path.join(self.folder, f"actions-{LIST_CHANNEL}.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write('{"status":200,"data":[\n' + ",\n".join(dumps(a) for a in self.listed_actions)
                        + "\n]}\n")
        self.write_events()

    def write_events(self):
        """Events, shuffled: a removal often comes before its add. Split over a JSON array and a
        JSONL file; a few events are delivered to both. A file is written only when non-empty."""
        array, jsonl = None, None
        for line in self.events.lines():
            r = self.rng.random()
            if r < 0.5 or r > 0.99:
                array = array or JsonArrayWriter(os.path.join(self.folder, "events.json"))
                array.add_raw(line)
            if r >= 0.5:
                jsonl = jsonl or open(os.path.join(self.folder, "events.jsonl"), "w", encoding="utf-8")
                jsonl.write(line + "\n")
        if array:
            array.close()
        if jsonl:
            jsonl.close()
