#!/usr/bin/env python3
"""An emulator of the CometChat REST API v3 endpoints `reaction-report fetch cometchat` reads, on 127.0.0.1 only.

    python3 Tests/emulators/cometchat_emulator.py --seed 1 --conversations 4 --messages 300
        [--api-key K] [--rate-limit N --rate-window S] [--delay-ms D]

prints `listening on 127.0.0.1:PORT` on its first line and serves until killed. Request and
response shapes: README.md beside this file. Seeded data comes from the export generators'
world (Tests/generators/exportgen/world.py): people, texts and reaction values. Its clock is
the data's: the `Date` of every answer is the time of the newest event, so that the same seed
and the same changes give the same answers, byte for byte.
"""

import argparse
import bisect
import json
import os
import random
import sys
import threading
import time
from email.utils import formatdate
from urllib.parse import parse_qsl, unquote, urlsplit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "generators"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exportgen.world import NAMES, PEOPLE_IDS, make_text, pick_value, reaction_key  # noqa: E402
from emulator_http import AdmittingServer, JSONHandler, serve  # noqa: E402

BASE = 1_704_067_200               # 2024-01-01T00:00:00Z
SPAN = 2 * 365 * 86400             # seconds the seeded messages spread over at most
MESSAGES_MAX, REACTIONS_MAX = 1000, 100
GROUPS = ["general", "support", "design", "random", "launch"]


def conversation_names(count):
    """`group:GUID` for the first ones (at most five), then `user:UID:OTHER` pairs."""
    names = [f"group:{g}" for g in GROUPS[:min(count, 3)]]
    pair = 0
    while len(names) < count:
        if len(names) >= 3 and pair < 10:
            names.append(f"user:{PEOPLE_IDS[2 * pair]}:{PEOPLE_IDS[2 * pair + 1]}")
            pair += 1
        else:
            names.append(f"group:{GROUPS[len(names)] if len(names) < len(GROUPS) else 'group-' + str(len(names))}")
    return names


class World:
    """Seeded conversations that grow: messages with app-wide ascending ids, reactions added and
    removed, each at a time after everything before it."""

    def __init__(self, seed, conversations, messages, reactions_per_message):
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.now = BASE
        self.names = conversation_names(conversations)
        self.ids, self.messages = {n: [] for n in self.names}, {}   # conversation -> ids; id -> message
        self.reactions = {}                                         # message id -> [reaction…] (removed flagged)
        self.next_message, self.next_reaction = 1, 1
        self.reactions_per_message = reactions_per_message
        self.spacing = int(min(7200, max(30, 2 * SPAN / max(messages, 1))))
        self.advance(messages, 0, 0)

    def tick(self, most):
        self.now += self.rng.randint(1, most)
        return self.now

    def members(self, name):
        kind, *ids = name.split(":")
        return ids if kind == "user" else PEOPLE_IDS[:30]

    def advance(self, messages, reactions, removals, reaction_days=None, removal_days=None):
        with self.lock:
            for _ in range(messages):
                name = self.rng.choice(self.names)
                sent = self.tick(self.spacing)
                mid = self.next_message
                self.next_message += 1
                self.messages[mid] = {"id": mid, "conversation": name, "sender": self.rng.choice(self.members(name)),
                                      "text": make_text(self.rng), "sentAt": sent}
                self.ids[name].append(mid)
                for _ in range(self.rng.randint(0, self.reactions_per_message)):
                    self.react(mid)
                if self.rng.random() < 0.05:
                    self.remove_one(mid)
            for _ in range(reactions):
                oldest = self.now - reaction_days * 86400 if reaction_days is not None else -1
                recent = [m for m, message in self.messages.items() if message["sentAt"] >= oldest]
                if recent:
                    self.react(self.rng.choice(recent))
            for _ in range(removals):
                oldest = self.now - removal_days * 86400 if removal_days is not None else -1
                live = [r for m, rs in self.reactions.items() if self.messages[m]["sentAt"] >= oldest for r in rs if not r["removed"]]
                if live:
                    self.rng.choice(live)["removed"] = True

    def react(self, mid):
        """A reaction by someone who does not hold that emoji on the message yet."""
        value = pick_value(self.rng)
        uid = self.rng.choice(self.members(self.messages[mid]["conversation"]))
        if any(r["uid"] == uid and reaction_key(r["reaction"]) == reaction_key(value) for r in self.live(mid)):
            return
        self.reactions.setdefault(mid, []).append({"id": self.next_reaction, "messageId": mid, "reaction": value, "uid": uid,
                                                   "reactedAt": self.tick(60), "removed": False})
        self.next_reaction += 1

    def remove_one(self, mid):
        live = self.live(mid)
        if live:
            self.rng.choice(live)["removed"] = True

    def live(self, mid):
        return [r for r in self.reactions.get(mid, []) if not r["removed"]]

    def truth(self):
        with self.lock:
            reactions = {(r["messageId"], reaction_key(r["reaction"]), r["uid"]) for rs in self.reactions.values() for r in rs if not r["removed"]}
            return {"messages": len(self.messages), "reactions": len(reactions), "channels": list(self.names)}


def user(uid):
    return {"uid": uid, "name": NAMES.get(uid, uid), "status": "offline", "role": "default"}


def message_json(world, message):
    """A message as CometChat's REST API gives it, with its reaction summary in data.reactions."""
    kind, *ids = message["conversation"].split(":")
    if kind == "group":
        receiver, receiver_type = ids[0], "group"
        conversation_id = f"group_{ids[0]}"
        receiver_entity = {"entity": {"guid": ids[0], "name": ids[0].capitalize(), "type": "public"}, "entityType": "group"}
    else:
        receiver = ids[1] if message["sender"] == ids[0] else ids[0]
        receiver_type = "user"
        conversation_id = "_user_".join(sorted(ids))
        receiver_entity = {"entity": user(receiver), "entityType": "user"}
    counts = {}
    for r in world.live(message["id"]):
        counts[r["reaction"]] = counts.get(r["reaction"], 0) + 1
    data = {"text": message["text"], "entities": {"sender": {"entity": user(message["sender"]), "entityType": "user"}, "receiver": receiver_entity}}
    if counts:
        data["reactions"] = [{"reaction": value, "count": count} for value, count in counts.items()]
    return {"id": str(message["id"]), "conversationId": conversation_id, "sender": message["sender"], "receiverType": receiver_type,
            "receiver": receiver, "category": "message", "type": "text", "data": data, "sentAt": message["sentAt"],
            "updatedAt": message["sentAt"]}


def messages_page(world, name, query):
    """Messages of `name` after `id` (when given) sent at `fromTimestamp` or later, oldest first,
    `limit` of them (10 when not given, at most 1,000)."""
    if query.get("affix", "append") != "append":
        return 400, error("ERR_BAD_REQUEST", "Only affix=append is emulated.")
    per_page = min(int(query.get("limit", 10)), MESSAGES_MAX)
    after, since = int(query.get("id", 0)), int(query.get("fromTimestamp", 0))
    with world.lock:
        ids = world.ids.get(name, [])
        chosen = [m for m in ids[bisect.bisect_right(ids, after):] if world.messages[m]["sentAt"] >= since][:per_page]
        data = [message_json(world, world.messages[m]) for m in chosen]
    meta = {"current": {"limit": per_page, "count": len(data)}}
    if data:
        meta["next"] = {"affix": "append", "sentAt": data[-1]["sentAt"], "id": data[-1]["id"]}
    return 200, {"data": data, "meta": meta}


def reactions_page(world, mid, query):
    """The live reactions of message `mid` after reaction `id` (with `affix=append`), 100 a page."""
    per_page = REACTIONS_MAX
    after = int(query.get("id", 0)) if query.get("affix") == "append" else 0
    with world.lock:
        if mid not in world.messages:
            return 404, error("ERR_MESSAGE_ID_NOT_FOUND", f"The message with id {mid} does not exist.")
        chosen = [r for r in world.live(mid) if r["id"] > after][:per_page]
        data = [{"id": str(r["id"]), "messageId": str(mid), "reaction": r["reaction"], "uid": r["uid"], "reactedAt": r["reactedAt"],
                 "reactedBy": user(r["uid"])} for r in chosen]
    meta = {"current": {"limit": per_page, "count": len(data)}}
    if data:
        meta["next"] = {"affix": "append", "id": data[-1]["id"]}
    return 200, {"data": data, "meta": meta}


def groups_page(world, query):
    per_page, page = min(int(query.get("perPage", 100)), 1000), max(int(query.get("page", 1)), 1)
    guids = [n.split(":")[1] for n in world.names if n.startswith("group:")]
    chosen = guids[(page - 1) * per_page:page * per_page]
    pages = max(1, -(-len(guids) // per_page))
    return 200, {"data": [{"guid": g, "name": g.capitalize(), "type": "public", "conversationId": f"group_{g}"} for g in chosen],
                 "meta": {"pagination": {"total": len(guids), "count": len(chosen), "per_page": per_page, "current_page": page, "total_pages": pages}}}


def error(code, message):
    return {"error": {"code": code, "message": message}}


class Emulator:
    def __init__(self, args):
        self.world = World(args.seed, args.conversations, args.messages, args.reactions_per_message)
        self.args = args
        self.lock = threading.Lock()
        self.faults = []
        self.accepted = []
        self.arrivals = {}
        self.last_answers = {}
        self.stats = {"requests": 0, "rateLimited": 0, "maxInAnyWindow": 0, "bytes": 0, "faults": 0}

    def admit(self, now):
        """True when a request arriving at `now` keeps within `--rate-limit` a sliding `--rate-window`."""
        if not self.args.rate_limit:
            return True
        with self.lock:
            window = self.args.rate_window
            while self.accepted and self.accepted[0] <= now - window:
                self.accepted.pop(0)
            if len(self.accepted) >= self.args.rate_limit:
                self.stats["rateLimited"] += 1
                return False
            self.accepted.append(now)
            self.stats["maxInAnyWindow"] = max(self.stats["maxInAnyWindow"], len(self.accepted))
            return True


class Handler(JSONHandler):
    def date_time_string(self, timestamp=None):
        # The data's clock, not this machine's: answers are the same from run to run.
        return formatdate(self.emulator.world.now, usegmt=True)

    def do_POST(self):
        with self.emulator.lock:
            self.emulator.arrivals.pop(self.client_address, None)
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        self.control(self.path.removeprefix("/_control/"), body)

    def advance(self, body):
        self.emulator.world.advance(body.get("messages", 0), body.get("reactions", 0), body.get("removals", 0),
                                    body.get("reactionDays"), body.get("removalDays"))

    def do_GET(self):
        emulator = self.emulator
        with emulator.lock:
            admitted = emulator.arrivals.pop(self.client_address, True)
        if self.path.startswith("/_control/"):
            return self.control(self.path.removeprefix("/_control/"))
        with emulator.lock:
            emulator.stats["requests"] += 1
        if not admitted:
            reset = int(time.time()) + 1
            return self.send(429, error("ERR_TOO_MANY_REQUESTS", "Too many requests. You have exceeded the rate limit. Please retry after the specified time."),
                             [("Retry-After", "1"), ("X-Rate-Limit", str(emulator.args.rate_limit)), ("X-Rate-Limit-Remaining", "0"),
                              ("X-Rate-Limit-Reset", str(reset))])
        key = self.headers.get("apikey")
        if not key:
            return self.send(401, error("AUTH_ERR_EMPTY_APIKEY", "The apikey header is missing."))
        if key != emulator.args.api_key:
            return self.send(401, error("AUTH_ERR_APIKEY_NOT_FOUND", "The provided API key is invalid."))
        with emulator.lock:
            fault = emulator.faults.pop(0) if emulator.faults else {"kind": "none"}
            if fault["kind"] != "none":
                emulator.stats["faults"] += 1
        if fault["kind"] == "status":
            headers = [("Retry-After", fault["retryAfter"])] if "retryAfter" in fault else []
            return self.send(fault["status"], error("ERR_INTERNAL", fault.get("message", "Internal Server Error")), headers)
        if fault["kind"] == "timeout":
            time.sleep(fault.get("seconds", 3))
        if emulator.args.delay_ms:
            time.sleep(emulator.args.delay_ms / 1000)
        self.answer(fault)

    def answer(self, fault):
        emulator, world = self.emulator, self.emulator.world
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        segments = [unquote(s) for s in parts.path.split("/")][1:]
        if len(segments) == 3 and segments[0] == "groups" and segments[2] == "messages":
            endpoint, name = "messages", "group:" + segments[1]
        elif len(segments) == 3 and segments[0] == "users" and segments[2] == "messages":
            on_behalf = self.headers.get("onBehalfOf")
            if not on_behalf:
                return self.send(400, error("ERR_ON_BEHALF_OF_MISSING", "The onBehalfOf header is required to list a user's messages."))
            names = [n for n in world.names if n.startswith("user:") and sorted(n.split(":")[1:]) == sorted([on_behalf, segments[1]])]
            endpoint, name = "messages", names[0] if names else f"user:{on_behalf}:{segments[1]}"
        elif len(segments) == 3 and segments[0] == "messages" and segments[2] == "reactions" and segments[1].isdigit():
            endpoint, name = "reactions", segments[1]
        elif segments == ["groups"]:
            endpoint, name = "groups", ""
        else:
            return self.send(404, error("ERR_NOT_FOUND", "No such endpoint."))
        # A page served twice: the last answer of the conversation's messages, or of any message's
        # reactions.
        key = (endpoint, name if endpoint == "messages" else "")
        if fault["kind"] == "duplicate" and key in emulator.last_answers:
            return self.send(200, emulator.last_answers[key])
        if endpoint == "messages":
            status, body = messages_page(world, name, query)
        elif endpoint == "reactions":
            status, body = reactions_page(world, int(name), query)
        else:
            status, body = groups_page(world, query)
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        if status == 200:
            emulator.last_answers[key] = data
        self.send(status, data, cut=fault["kind"] == "truncate")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--conversations", type=int, default=4)
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--reactions-per-message", type=int, default=4)
    parser.add_argument("--rate-limit", type=int, default=0, help="requests let through a window (CometChat documents 20,000 a minute); 0: none")
    parser.add_argument("--rate-window", type=float, default=60.0, help="seconds of the sliding window of --rate-limit")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--api-key", default="emulator-api-key")
    args = parser.parse_args()
    serve(AdmittingServer, Handler, Emulator(args), args.port, queue_size=128)


if __name__ == "__main__":
    main()
