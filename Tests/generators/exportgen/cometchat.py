"""CometChat: messages with reaction summaries (two files), per-message reaction lists (several
files, shuffled) and an event log (shuffled).

Model per message and key: the final holders F, each with a reaction id. The summary count is
|F|. Some holders are hidden (in the count, listed nowhere: complete=false); the others appear
in a reactions list, or only as an 'added' event, or both (same id). Extra add/remove event
pairs with their own ids cancel each other (the remover may still hold the key through another
id). Removals of ids that never appear have no effect. Lists are final state, so no event
removes a listed reaction.

Replies: `parentId` of an earlier message of the conversation, or of one the export lacks. No
bots.
"""

import os

from .jsonwriter import JsonArrayWriter, ShuffledSink
from .world import NAMES, PEOPLE, PEOPLE_IDS, ReplyTargets, is_reply, make_text, parent_choice, \
    pick_distinct_values, pick_value, quiet_spell, reaction_count_for, reaction_key, reply_author

# (conversationId, receiverType, receiver, receiver name, possible senders/reactors or None)
CONVERSATIONS = [
    ("group_launch", "group", "launch", "Launch", None),
    ("group_support", "group", "support", "Support", None),
    ("ada_user_bob", "user", None, None, ["ada", "bob"]),
]
CONVERSATION_WEIGHTS = (6, 3, 1)


def entity_user(uid):
    return {"entityType": "user", "entity": {"uid": uid, "name": NAMES[uid]}}


def write(rng, n, folder, truth, scratch):
    """Writes messages-1.json, messages-2.json, reactions-<k>.json and events.json into `folder`,
    and every message's truth."""
    export = Export(rng, n, folder, scratch)
    base = 10 ** len(str(max(n, 1)))     # fixed-width ids: string order == numeric order
    sent = 1_700_000_000 + rng.randint(0, 10 ** 6)
    targets = {}                         # conversation id -> ReplyTargets of (id, sender)
    truth.people(PEOPLE[:40])
    for conversation in CONVERSATIONS:
        truth.conversation(conversation[0], conversation[3] or conversation[0])
    for i in range(n):
        mid = str(base + i)
        sent += rng.randint(1, 120) + quiet_spell(rng)
        conversation = CONVERSATIONS[i] if i < len(CONVERSATIONS) \
            else rng.choices(CONVERSATIONS, CONVERSATION_WEIGHTS)[0]
        earlier = targets.setdefault(conversation[0], ReplyTargets())
        parent = None
        if earlier and is_reply(rng):
            choice = parent_choice(rng)
            if choice == "lost":         # an id below every message's (fewer digits)
                parent = (str(rng.randint(1, base - 1)),
                          rng.choice(conversation[4] or PEOPLE_IDS[:40]))
            else:
                parent = earlier.pick(rng, choice)
        message = new_message(rng, mid, sent, conversation, parent)
        if parent:
            message["parentId"] = parent[0]
        earlier.add(rng, (mid, message["sender"]))
        deleted = rng.random() < 0.03
        if deleted:
            message["deletedAt"] = message["updatedAt"] = sent + rng.randint(60, 86400)
            message["deletedBy"] = message["sender"]
        reactions = export.add_reactions(message, conversation[4])
        export.add_message(i, message)
        truth.add(message["conversationId"], mid, deleted, message["data"]["text"], reactions,
                  author=message["sender"], reply_to=parent[0] if parent else None)
    export.close()


def new_message(rng, mid, sent, conversation, parent):
    """The message without its thread, deletion or reactions; `parent` (id, sender) is the
    message it answers, or None."""
    conv_id, rtype, receiver, receiver_name, members = conversation
    senders = members or PEOPLE_IDS[:40]
    sender = reply_author(rng, parent[1], senders) if parent else rng.choice(senders)
    if members:
        receiver = members[1] if sender == members[0] else members[0]
        receiver_entity = entity_user(receiver)
    else:
        receiver_entity = {"entityType": "group", "entity": {"guid": receiver, "name": receiver_name}}
    text = make_text(rng)
    message = {"id": mid, "conversationId": conv_id, "sender": sender,
               "receiverType": rtype, "receiver": receiver, "category": "message", "type": "text",
               "data": {"text": text, "entities": {"sender": entity_user(sender),
                                                   "receiver": receiver_entity}},
               "sentAt": sent, "updatedAt": sent}
    return message


class Export:
    """The files of one export: the two message files are written as messages come; reaction
    lists and events go through on-disk shuffles and are written at the end."""

    def __init__(self, rng, n, folder, scratch):
        self.rng, self.n, self.folder = rng, n, folder
        buckets = max(1, n // 20_000)
        self.listed = ShuffledSink(rng, scratch, "cometchat-reactions", buckets)
        self.events = ShuffledSink(rng, scratch, "cometchat-events", buckets)
        self.files = [JsonArrayWriter(os.path.join(folder, f"messages-{k}.json"), '{"data":[', "")
                      for k in (1, 2)]
        self.reaction_serial = 10 ** 9

    def new_reaction_id(self):
        self.reaction_serial += self.rng.randint(1, 9)
        return str(self.reaction_serial)

    def reaction_item(self, rid, value, uid, message):
        return {"id": rid, "messageId": message["id"], "reaction": value, "uid": uid,
                "reactedAt": message["sentAt"] + self.rng.randint(1, 3 * 86400),
                "reactedBy": {"uid": uid, "name": NAMES[uid]}}

    def event(self, trigger, item):
        self.events.add({"trigger": trigger, "data": {"reaction": item}})

    def add_reactions(self, message, members):
        """Makes the message's reactions: its summary, list items and events. Returns the truth."""
        rng = self.rng
        pool = members or PEOPLE_IDS
        popular = rng.random() < 0.03 and not members
        summary, truth = [], {}
        for value in pick_distinct_values(rng, rng.choice((0, 0, 0, 1, 1, 2, 3))):
            holders = rng.sample(pool, min(len(pool), reaction_count_for(rng, popular)))
            hidden = set(rng.sample(holders, rng.randint(1, len(holders)))) \
                if rng.random() < 0.08 else set()
            known = []
            for uid in holders:
                if uid in hidden:
                    continue
                item = self.reaction_item(self.new_reaction_id(), value, uid, message)
                route = rng.choices(("list", "event", "both"), (75, 15, 10))[0]
                if route in ("list", "both"):
                    self.listed.add(item)
                if route in ("event", "both"):
                    self.event("message_reaction_added", item)
                known.append(uid)
            if rng.random() < 0.1:               # add/remove pairs that cancel
                for _ in range(rng.randint(1, 2)):
                    item = self.reaction_item(self.new_reaction_id(), value, rng.choice(pool), message)
                    self.event("message_reaction_added", item)
                    self.event("message_reaction_removed", item)
            summary.append({"reaction": value, "count": len(holders), "reactedByMe": rng.random() < 0.3})
            truth[reaction_key(value)] = (len(holders), known, len(known) == len(holders))
        if rng.random() < 0.02:                  # removal of a reaction never seen: no effect
            item = self.reaction_item(self.new_reaction_id(), pick_value(rng), rng.choice(pool), message)
            self.event("message_reaction_removed", item)
        if summary or rng.random() < 0.5:
            rng.shuffle(summary)
            message["reactions"] = summary
        return truth

    def add_message(self, i, message):
        """The first message goes to messages-1.json, the second to messages-2.json, the others
        to either."""
        self.files[0 if i == 0 else 1 if i == 1 else self.rng.randint(0, 1)].add(message)

    def close(self):
        for f in self.files:
            f.close('],"meta":{"current":{"limit":%d,"count":%d}}}' % (max(f.count, 1), f.count))
        # Reaction lists: shuffled, cut into several files that have nothing to do with messages.
        parts = min(max(3, self.n // 100_000), self.listed.count)
        size = -(-self.listed.count // parts) if parts else 1
        writers = [JsonArrayWriter(os.path.join(self.folder, f"reactions-{k + 1}.json"),
                                   '{"data":[', "") for k in range(parts)]
        for index, line in enumerate(self.listed.lines()):
            writers[index // size].add_raw(line)
        for w in writers:
            w.close('],"meta":{"current":{"limit":100,"count":%d}}}' % w.count)
        if self.events.count:
            array = JsonArrayWriter(os.path.join(self.folder, "events.json"))
            for line in self.events.lines():
                array.add_raw(line)
            array.close()
