"""Stream Chat: export v1 (two channels in export-1.json) and a plain message array (a third
channel in messages-launch.json). Final state only.

Model per message: for each reaction type the full set of reactors (count = its size);
latest_reactions holds the newest LATEST_CAP reactions over all types, so the listed reactors of
a popular message are fewer than the count (complete=false). One message never carries two types
with the same key (`like` and `👍`, `love` and `❤️`): Stream keeps a separate total per type, and
two totals cannot be merged exactly (the union of their reactors is unknown), so there would be
no single right answer.

Replies: `parent_id` of an earlier message of the channel, or of one the export lacks. Some
messages have no `user` at all (an unknown author; an unknown author answering one is the same
author). No bots.
"""

import os

from .jsonwriter import ItemWriter, JsonArrayWriter, dumps
from .world import NAMES, PEOPLE, PEOPLE_IDS, ReplyTargets, is_reply, is_unknown_author, \
    make_text, moment, parent_choice, pick_distinct_values, quiet_spell, reaction_count_for, \
    reaction_key, reply_author, split_counts, uuid_text

# (type, id, name, where): "export" channels go to export-1.json, "array" ones to
# messages-<id>.json as a plain array of messages.
CHANNELS = [
    ("messaging", "general", "General", "export"),
    ("messaging", "support", "Support", "export"),
    ("livestream", "launch", "Launch", "array"),
]
LATEST_CAP = 10


def iso(micros, digits):
    """RFC 3339 UTC with 0–6 fraction digits (truncated), e.g. 2024-04-17T13:00:00.1234Z."""
    dt = moment(micros)
    text = f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}"
    if digits:
        text += "." + f"{dt.microsecond:06d}"[:digits]
    return text + "Z"


def write(rng, n, folder, truth, scratch):
    """Writes export-1.json and messages-launch.json into `folder`, and every message's truth."""
    counts = split_counts(rng, n, [5, 3, 2])
    export = JsonArrayWriter(os.path.join(folder, "export-1.json"), '{"channels":[', "]}")
    serial = [0]       # ids are made from one serial over all channels
    truth.people(PEOPLE[:40])
    start = 1_712_000_000 * 10 ** 6 + rng.randint(0, 10 ** 12)   # around April 2024, µs
    for (ctype, cid_id, cname, where), count in zip(CHANNELS, counts):
        if count == 0:
            continue
        cid = f"{ctype}:{cid_id}"
        truth.conversation(cid, cname)
        channel = {"id": cid_id, "type": ctype, "cid": cid, "name": cname}
        if where == "export":           # {"channel":…,"messages":[…]} inside export-1.json
            export.add_raw('{"channel":%s,"messages":[' % dumps(channel))
            messages = ItemWriter(export.file)
        else:
            messages = JsonArrayWriter(os.path.join(folder, f"messages-{cid_id}.json"))
        write_channel(rng, cid, where, count, start, serial, messages, truth)
        if where == "export":
            export.file.write("\n]}")
        else:
            messages.close()
    export.close()


def write_channel(rng, cid, where, count, start, serial, messages, truth):
    now = start
    targets = ReplyTargets()        # (id, author or None): thread parents are picked among these
    for _ in range(count):
        serial[0] += 1
        now += rng.randint(10 ** 6, 600 * 10 ** 6) + quiet_spell(rng) * 10 ** 6
        # uuid-shaped ids that sort (as strings) in creation order: a fixed-width hex serial
        mid = uuid_text(rng, serial[0])
        parent = None
        if targets and is_reply(rng):
            choice = parent_choice(rng)
            parent = (uuid_text(rng, rng.getrandbits(32)), rng.choice(PEOPLE_IDS[:40])) \
                if choice == "lost" else targets.pick(rng, choice)
        if is_unknown_author(rng):
            author = None
        elif parent:
            author = reply_author(rng, parent[1], PEOPLE_IDS[:40])
        else:
            author = rng.choice(PEOPLE_IDS[:40])
        text = make_text(rng)
        deleted = rng.random() < 0.03
        message = {"id": mid, "text": text, "type": "deleted" if deleted else "regular"}
        if author is not None:
            message["user"] = {"id": author, "name": NAMES[author]}
        message["created_at"] = iso(now, rng.randint(0, 6))
        if where == "array" or rng.random() < 0.5:     # a plain array needs the cid
            message["cid"] = cid
        if parent:
            message["parent_id"] = parent[0]
        if deleted:
            message["deleted_at"] = iso(now + rng.randint(10 ** 6, 10 ** 10), rng.randint(0, 6))
        targets.add(rng, (mid, author))

        by_type = reactions_by_type(rng, now)
        add_totals(rng, message, by_type)
        listed = add_reaction_lists(rng, message, by_type)
        messages.add(message)
        reactions = {}
        for rtype, rs in by_type.items():
            users = sorted({u for _, t, u, _ in listed if t == rtype})
            reactions[reaction_key(rtype)] = (len(rs), users, len(users) == len(rs))
        truth.add(cid, mid, deleted, text, reactions, author=author,
                  reply_to=parent[0] if parent else None)


def reactions_by_type(rng, now):
    """The truth of one message: {type: [(user, time µs, score)]}."""
    popular = rng.random() < 0.06
    by_type = {}
    for rtype in pick_distinct_values(rng, rng.choice((0, 0, 1, 1, 2, 3))):
        by_type[rtype] = [(u, now + rng.randint(10 ** 6, 2 * 86400 * 10 ** 6),
                           rng.randint(2, 5) if rng.random() < 0.05 else 1)
                          for u in rng.sample(PEOPLE_IDS, reaction_count_for(rng, popular))]
    return by_type


def add_totals(rng, message, by_type):
    """reaction_groups and / or reaction_counts with reaction_scores; where both are present,
    reaction_counts sometimes disagrees (reaction_groups wins)."""
    groups = {t: {"count": len(rs), "sum_scores": sum(s for _, _, s in rs),
                  "first_reaction_at": iso(min(a for _, a, _ in rs), 6),
                  "last_reaction_at": iso(max(a for _, a, _ in rs), 6)}
              for t, rs in by_type.items()}
    totals = {t: g["count"] for t, g in groups.items()}
    scores = {t: g["sum_scores"] for t, g in groups.items()}
    if by_type:
        mode = rng.choices(("both", "counts", "groups"), (75, 20, 5))[0]
        if mode == "both" and rng.random() < 0.15:
            t = rng.choice(sorted(totals))     # up or down
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


def add_reaction_lists(rng, message, by_type):
    """latest_reactions and own_reactions; returns the reactions they list, as
    (time, type, user, score)."""
    everything = sorted(((at, rtype, u, score) for rtype, rs in by_type.items()
                         for u, at, score in rs), reverse=True)
    latest, unlisted = everything[:LATEST_CAP], everything[LATEST_CAP:]

    def reaction(at, rtype, u, score):
        stamp = iso(at, rng.randint(0, 6))
        return {"type": rtype, "score": score, "user_id": u,
                "user": {"id": u, "name": NAMES[u]}, "message_id": message["id"],
                "created_at": stamp, "updated_at": stamp}

    message["latest_reactions"] = [reaction(*r) for r in latest]
    # own_reactions are the exporting user's own reactions: real ones, listed as reactors like
    # latest_reactions. Put there the reactions of someone who is NOT in latest_reactions, so
    # that reading them (or not) shows in the reactor lists.
    own = []
    if unlisted:
        listed_users = {u for _, _, u, _ in latest}
        hidden = sorted({u for _, _, u, _ in unlisted} - listed_users)
        if hidden:
            who = rng.choice(hidden)
            own = [r for r in unlisted if r[2] == who]
    message["own_reactions"] = [reaction(*r) for r in own]
    return latest + own
