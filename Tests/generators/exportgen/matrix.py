"""Matrix: room events, one room as a JSON array, one as a /messages response {"chunk": […]}.
Messages and state are in time order (but for a few replies from a server whose clock is
behind); the edits, reactions and redactions of every window of messages are shuffled among
themselves and written after it, so a redaction often precedes what it redacts.

Truth: conversation = room id, id = event id. Count = distinct senders per (target, key) among
reaction events that are not redacted, reactions on an edit event counting for the original,
always complete. Edits are not messages; the text is the newest edit's body (by
origin_server_ts). A redacted message is deleted (its event is kept with its content, so its
text stays, and its reactions still count, as for deleted messages on the other platforms).

Replies: thread messages (`m.relates_to` `rel_type` `m.thread`, `is_falling_back` true, the
fallback `m.in_reply_to` the thread's latest event) answer the thread's root; plain replies
(`m.relates_to` with only `m.in_reply_to`) answer that event. Either may answer an event the dump
lacks; now and then a plain reply's server clock runs behind, so it is older than its parent.
No bots.
"""

import os

from .jsonwriter import JsonArrayWriter
from .world import ReplyTargets, is_reply, make_text, parent_choice, person_names, \
    pick_weighted_distinct, quiet_spell, random_chars, reaction_count_for, reply_author, \
    spellings_by_key, split_counts, unicode_key

# (room id, room name, weight, file name, shape, members)
ROOMS = [
    ("!lUmEnDeVrOoMqWeRtY:example.org", "Lumen dev", 3, "room-lumen-dev.json", "array", 30),
    ("!cOmMuNiTyAbCdEfGhI:example.org", "Lumen community", 2, "messages-lumen-community.json",
     "chunk", 90),
]
VALUES = [("👍", 6), ("❤️", 3), ("❤", 1), ("😂", 2), ("🎉", 3), ("🔥", 2), ("👀", 2),
          ("🙏", 1), ("✅", 1), ("👍🏽", 1), ("🧑‍💻", 1), ("☺️", 1), ("☺", 1), ("🚀", 2)]
VALUE_NAMES = [v for v, _ in VALUES]
VALUE_WEIGHTS = [w for _, w in VALUES]
SPELLINGS = spellings_by_key(VALUE_NAMES, unicode_key)
SKEWED = 0.05       # of plain replies, sent by a server whose clock is behind
WINDOW = 40          # messages whose annotations, edits and redactions are shuffled together
ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def people():
    """(user id, display name) of everyone who can be in a room."""
    everyone = []
    for i, name in enumerate(person_names(200)):
        first, last = name.split(" ", 1)
        server = "example.org" if i % 5 else "matrix.org"
        localpart = first.lower() if i < 26 else f"{first.lower()}.{last.lower()}{i}"
        everyone.append((f"@{localpart}:{server}", name))
    return everyone


def write(rng, n, folder, truth, scratch=None):
    """Writes the two room files into `folder`, and every message's truth."""
    everyone = people()
    counts = split_counts(rng, n, [r[2] for r in ROOMS])
    start = 1_789_000_000_000 + rng.randint(0, 10 ** 9)
    renamed = set()
    for room_index, (row, count) in enumerate(zip(ROOMS, counts)):
        room_id, room_name, _, file_name, shape, size = row
        truth.conversation(room_id, room_name)
        if shape == "array":
            writer, closing = JsonArrayWriter(os.path.join(folder, file_name)), None
        else:
            writer = JsonArrayWriter(os.path.join(folder, file_name), '{"chunk":[', "")
            closing = '],"start":"t%d-%d_0_0","end":"t1-1_0_0"}' % (rng.randint(100, 999), count)
        room = Room(rng, room_id, everyone[:size], writer, start, renamed)
        room.begin(room_name)
        forced_delete = min(2, count - 1) if room_index == 0 else -1
        for index in range(count):
            room.add_message(index == forced_delete, truth)
            if (index + 1) % WINDOW == 0:
                room.flush()
        room.flush()
        writer.close(closing)
    truth.people([(mxid, name) for mxid, name in everyone[:25] if mxid not in renamed])


class Room:
    """One room's events: state and messages written in time order, the rest held back in
    `pending` and shuffled per window."""

    def __init__(self, rng, room_id, members, writer, start, renamed):
        self.rng, self.room_id, self.members, self.writer = rng, room_id, members, writer
        self.posters = [mxid for mxid, _ in members[:25]]
        self.now = start
        self.pending = []
        self.renamed = renamed            # people whose display name changed, in any room
        # (event id, sender, ms) of every message, and of thread roots; the thread's latest
        # event per root
        self.targets, self.roots, self.latest = ReplyTargets(), ReplyTargets(), {}

    def event_id(self):
        return "$" + random_chars(self.rng, ID_CHARS, 22) + ":example.org"

    def base(self, kind, sender, ms, eid=None):
        return {"type": kind, "event_id": eid or self.event_id(), "room_id": self.room_id,
                "sender": sender, "origin_server_ts": ms}

    def state(self, kind, sender, key, content):
        self.now += self.rng.randint(1, 5000)
        e = self.base(kind, sender, self.now)
        e.update(state_key=key, content=content, unsigned={"age": self.rng.randint(10 ** 6, 10 ** 9)})
        self.writer.add(e)

    def redaction(self, target, sender, ms, reason=None):
        """A redaction in the shape of room versions 1-10 or of version 11, at random."""
        e = self.base("m.room.redaction", sender, ms)
        content = {} if reason is None else {"reason": reason}
        if self.rng.random() < 0.5:
            e["redacts"] = target            # room versions 1-10
        else:
            content["redacts"] = target      # room version 11
        e["content"] = content
        return e

    def flush(self):
        self.rng.shuffle(self.pending)
        for e in self.pending:
            self.writer.add(e)
        self.pending.clear()

    def begin(self, room_name):
        creator = self.members[0][0]
        self.state("m.room.create", creator, "", {"creator": creator, "room_version": "10"})
        self.state("m.room.name", creator, "", {"name": room_name})
        for mxid, name in self.members:
            self.state("m.room.member", mxid, mxid, {"membership": "join", "displayname": name})

    def add_message(self, deleted, truth):
        """A message, sometimes in a thread, with its edits, deletion and reactions (pending).
        `deleted`: whether it must be deleted; it may be anyway."""
        rng = self.rng
        self.now += rng.randint(1_000, 600_000) + quiet_spell(rng) * 1000
        if rng.random() < 0.005:              # a display name changes: names vary over time
            who = rng.choice(self.members)
            self.state("m.room.member", who[0], who[0],
                       {"membership": "join", "displayname": who[1].split(" ")[0] + " (away)"})
            self.renamed.add(who[0])
            self.now += 1
        ms = self.now
        text = make_text(rng)
        eid = self.event_id()
        content = {"msgtype": "m.text", "body": text}
        relation, parent = self.relation(eid)
        if relation:
            content["m.relates_to"] = relation
        sender = reply_author(rng, parent[1], self.posters) if parent else rng.choice(self.posters)
        if relation and "rel_type" not in relation and rng.random() < SKEWED:
            ms = parent[2] - rng.randint(1, 5_000)
        self.targets.add(rng, (eid, sender, ms))
        if not relation or "rel_type" not in relation:
            self.roots.add(rng, (eid, sender, ms))
        message = self.base("m.room.message", sender, ms, eid)
        message.update(content=content, unsigned={"age": rng.randint(10 ** 6, 10 ** 9)})
        self.writer.add(message)
        final_text, edit_ids = self.edits(eid, sender, ms, text)
        deleted = deleted or rng.random() < 0.01
        if deleted:
            self.pending.append(self.redaction(eid, sender, ms + rng.randint(1_000, 10 ** 7),
                                               "posted in the wrong room"))
        expected = self.reactions(eid, edit_ids, ms)
        if rng.random() < 0.01:               # redaction of an event the dump never saw
            self.pending.append(self.redaction(self.event_id(), sender, ms + 5_000))
        truth.add(self.room_id, eid, deleted, final_text, expected, author=sender,
                  reply_to=parent[0] if parent else None)

    def relation(self, eid):
        """(`m.relates_to` of a new message `eid`, or None; the (event id, sender, ms) it answers,
        or None): half of the replies are in a thread (they answer its root, a message in no
        thread), half plain replies to any message."""
        rng = self.rng
        if not self.targets or not is_reply(rng):
            return None, None
        choice = parent_choice(rng)
        threaded = rng.random() < 0.5
        if choice == "lost":
            parent = (self.event_id(), rng.choice(self.posters), self.now - 86_400_000)
        else:
            parent = (self.roots if threaded else self.targets).pick(rng, choice)
        if not threaded:
            return {"m.in_reply_to": {"event_id": parent[0]}}, parent
        latest = self.latest.get(parent[0], parent[0])
        self.latest[parent[0]] = eid
        return {"rel_type": "m.thread", "event_id": parent[0], "is_falling_back": True,
                "m.in_reply_to": {"event_id": latest}}, parent

    def edits(self, eid, sender, ms, text):
        """Sometimes a few edits: the newest by origin_server_ts wins, whatever the file order.
        Returns (the final text, the edits' event ids)."""
        final_text, edit_ids = text, []
        if self.rng.random() < 0.05:
            offsets = sorted(self.rng.sample(range(1_000, 3_600_000), self.rng.randint(1, 3)))
            for k, offset in enumerate(offsets):
                new_text = f"{text} (edit {k + 1})"
                edit = self.base("m.room.message", sender, ms + offset)
                edit["content"] = {"msgtype": "m.text", "body": "* " + new_text,
                                   "m.new_content": {"msgtype": "m.text", "body": new_text},
                                   "m.relates_to": {"rel_type": "m.replace", "event_id": eid}}
                self.pending.append(edit)
                edit_ids.append(edit["event_id"])
                final_text = new_text
        return final_text, edit_ids

    def reactions(self, eid, edit_ids, ms):
        """Annotations of the message or of its edits, some sent twice, some taken back by a
        redaction (some of those kept in the dump already redacted). Returns the truth."""
        rng = self.rng
        popular = rng.random() < 0.03
        expected = {}
        for value in pick_weighted_distinct(rng, VALUE_NAMES, VALUE_WEIGHTS,
                                            rng.choice((0, 0, 0, 1, 1, 2, 3)), unicode_key):
            key = unicode_key(value)
            holders = set()
            count = min(len(self.members), reaction_count_for(rng, popular))
            for mxid, _ in rng.sample(self.members, count):
                spellings = [value]
                if rng.random() < 0.06:       # the same annotation again (federation)
                    spellings.append(rng.choice(SPELLINGS[key]))
                for spelling in spellings:
                    target = rng.choice(edit_ids) if edit_ids and rng.random() < 0.3 else eid
                    at = ms + rng.randint(1_000, 2 * 86_400_000)
                    reaction = self.base("m.reaction", mxid, at)
                    reaction["content"] = {"m.relates_to": {"rel_type": "m.annotation",
                                                            "event_id": target, "key": spelling}}
                    if rng.random() < 0.1:    # taken back: a redaction removes it
                        removal = self.redaction(reaction["event_id"], mxid,
                                                 at + rng.randint(1_000, 86_400_000))
                        if rng.random() < 0.2:    # kept in the dump already redacted
                            reaction["content"] = {}
                            reaction["unsigned"] = {"redacted_because": dict(removal)}
                        self.pending.append(removal)
                    else:
                        holders.add(mxid)
                    self.pending.append(reaction)
            expected[key] = (len(holders), holders, True)
        return expected
