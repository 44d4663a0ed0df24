#!/usr/bin/env python3
"""An emulator of the PubNub REST endpoints `reaction-report fetch pubnub` reads, on 127.0.0.1 only.

    python3 Tests/emulators/pubnub_emulator.py --seed 1 --channels 3 --messages 300 [--rate-limit 25]
        [--subscribe-key K] [--auth-key A] [--secret-key S --publish-key P] [--delay-ms D]

prints `listening on 127.0.0.1:PORT` on its first line and serves until killed or told to stop.
Request and response shapes: README.md beside this file. Seeded data comes from the export
generators' world (Tests/generators/exportgen/world.py): people, texts and reaction values.
"""

import argparse
import base64
import bisect
import hashlib
import hmac
import json
import os
import random
import sys
import threading
import time
from urllib.parse import parse_qsl, unquote, urlsplit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "generators"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exportgen.world import PEOPLE_IDS, make_text, pick_value, reaction_key  # noqa: E402
from emulator_http import AdmittingServer, JSONHandler, serve  # noqa: E402


TICKS = 10_000_000                 # timetoken ticks per second (100 ns)
BASE = 1_704_067_200 * TICKS       # 2024-01-01T00:00:00Z: every seeded timetoken is after it
SPAN = 2 * 365 * 86400             # seconds the seeded messages spread over at most: all in the past
HISTORY_MAX, ACTIONS_MAX = 25, 100  # PubNub's largest pages (with actions; message actions)


class Channel:
    """One channel: messages sorted by timetoken, and every action ever added (removed ones
    flagged), sorted by action timetoken."""

    def __init__(self, name):
        self.name = name
        self.tts, self.messages = [], {}       # timetoken -> message
        self.action_tts, self.actions = [], []  # sorted by action timetoken
        self.by_message = {}                    # message timetoken -> its actions

    def add_message(self, tt, uuid, text):
        self.tts.append(tt)
        self.messages[tt] = {"tt": tt, "uuid": uuid, "text": text}

    def add_action(self, action):
        self.action_tts.append(action["actionTimetoken"])
        self.actions.append(action)
        self.by_message.setdefault(action["messageTimetoken"], []).append(action)

    def live_actions(self, message_tt):
        return [a for a in self.by_message.get(message_tt, []) if not a["removed"]]


class World:
    """Seeded channels that grow: new messages, reactions added and removed, each at a
    timetoken after everything before it."""

    def __init__(self, seed, channels, messages, reactions_per_message, padding=0):
        self.rng = random.Random(seed)
        self.padding = padding
        self.now = BASE
        self.lock = threading.Lock()
        self.channels = {}
        for index in range(channels):
            name = ["general", "support", "launch ✨", "design/ux", "random"][index] if index < 5 else f"channel-{index}"
            self.channels[name] = Channel(name)
        self.reactions_per_message = reactions_per_message
        # Up to two hours between messages, less when there are so many that they would reach
        # past SPAN (a message's actions take a few minutes after it).
        self.spacing = int(min(7200, max(60, 2 * (SPAN / max(messages, 1) - 60 * (reactions_per_message + 1)))))
        self.advance(messages, 0, 0)

    def tick(self, most_seconds=None):
        self.now += self.rng.randint(1, (most_seconds or self.spacing) * TICKS)
        return self.now

    def advance(self, messages, reactions, removals, removal_days=None):
        """Adds `messages` messages (each with some reactions and receipts, a few of them removed
        again), `reactions` reactions on any message, and removes `removals` live reactions (on
        messages of the last `removal_days` days only, when given)."""
        with self.lock:
            names = sorted(self.channels)
            for _ in range(messages):
                channel = self.channels[self.rng.choice(names)]
                tt = self.tick()
                channel.add_message(tt, self.rng.choice(PEOPLE_IDS[:30]), make_text(self.rng) + " " * self.padding)
                for _ in range(self.rng.randint(0, self.reactions_per_message)):
                    self.react(channel, tt)
                if self.rng.random() < 0.2:
                    self.add(channel, tt, "receipt", "read", self.rng.choice(PEOPLE_IDS[:30]))
                if self.rng.random() < 0.05:
                    self.remove_one(channel, tt)
            for _ in range(reactions):
                channel = self.channels[self.rng.choice(names)]
                if channel.tts:
                    self.react(channel, self.rng.choice(channel.tts))
            oldest = self.now - removal_days * 86400 * TICKS if removal_days is not None else -1
            for _ in range(removals):
                live = [(c, a) for c in self.channels.values() for a in c.actions
                        if not a["removed"] and a["type"] == "reaction" and a["messageTimetoken"] >= oldest]
                if live:
                    channel, action = self.rng.choice(live)
                    action["removed"] = True

    def react(self, channel, message_tt):
        """A reaction by someone who has not reacted with that emoji yet (PubNub refuses an
        action a user already added, 409; another spelling of the same emoji would be one
        reaction to the tool, added twice)."""
        value, uuid = pick_value(self.rng), self.rng.choice(PEOPLE_IDS[:30])
        if any(a["uuid"] == uuid and a["type"] == "reaction" and reaction_key(a["value"]) == reaction_key(value)
               for a in channel.live_actions(message_tt)):
            return
        self.add(channel, message_tt, "reaction", value, uuid)

    def add(self, channel, message_tt, kind, value, uuid):
        action_tt = self.tick(120)
        channel.add_action({"type": kind, "value": value, "uuid": uuid, "actionTimetoken": action_tt,
                            "messageTimetoken": message_tt, "removed": False})

    def remove_one(self, channel, message_tt):
        live = channel.live_actions(message_tt)
        if live:
            self.rng.choice(live)["removed"] = True

    def truth(self):
        """What a report of everything holds: messages, and reactions counted as the tool counts
        them (one per message, key and person)."""
        with self.lock:
            reactions = {(c.name, a["messageTimetoken"], reaction_key(a["value"]), a["uuid"])
                         for c in self.channels.values() for a in c.actions if a["type"] == "reaction" and not a["removed"]}
            return {"messages": sum(len(c.tts) for c in self.channels.values()), "reactions": len(reactions),
                    "channels": sorted(self.channels)}


def history_page(world, channel, query, actions_budget):
    """A history-with-actions answer: the newest `max` messages with end <= tt < start, in
    ascending order, each with its live actions; fewer, with `more`, when their actions pass
    `actions_budget` (PubNub's "internal limits"), or when the range holds more."""
    start, end = int(query.get("start", 2**62)), int(query.get("end", -1))
    most = min(int(query.get("max", HISTORY_MAX)), HISTORY_MAX)
    with world.lock:
        low, high = bisect.bisect_left(channel.tts, end), bisect.bisect_left(channel.tts, start)
        chosen, budget = [], actions_budget
        for index in range(high - 1, low - 1, -1):
            tt = channel.tts[index]
            actions = channel.live_actions(tt)
            if chosen and (len(chosen) == most or len(actions) > budget):
                break
            chosen.append((tt, actions))
            budget -= len(actions)
        items = [item(channel.messages[tt], actions, query) for tt, actions in reversed(chosen)]
        more = low + len(chosen) < high
    answer = {"status": 200, "error": False, "error_message": "", "channels": {channel.name: items} if items else {}}
    if more:
        oldest = chosen[-1][0]
        answer["more"] = {"url": f"/v3/history-with-actions/sub-key/{world.subscribe_key}/channel/{channel.name}?start={oldest}&max={most}",
                          "start": str(oldest), "max": most}
    return answer


def item(message, actions, query):
    out = {"message": {"text": message["text"]}, "timetoken": str(message["tt"])}
    if query.get("include_uuid") == "true":
        out["uuid"] = message["uuid"]
    if query.get("include_message_type") == "true":
        out["message_type"] = None
    if query.get("include_meta") == "true":
        out["meta"] = ""
    grouped = {}
    for action in sorted(actions, key=lambda a: a["actionTimetoken"]):
        grouped.setdefault(action["type"], {}).setdefault(action["value"], []).append(
            {"uuid": action["uuid"], "actionTimetoken": str(action["actionTimetoken"])})
    if grouped:
        out["actions"] = grouped
    return out


def actions_page(world, channel, query):
    """A message-actions answer: the newest `limit` live actions with end <= actionTimetoken <
    start, in ascending order, with `more` when the range holds more."""
    start, end = int(query.get("start", 2**62)), int(query.get("end", -1))
    limit = min(int(query.get("limit", ACTIONS_MAX)), ACTIONS_MAX)
    with world.lock:
        low, high = bisect.bisect_left(channel.action_tts, end), bisect.bisect_left(channel.action_tts, start)
        chosen, index = [], high - 1
        while index >= low and len(chosen) < limit:
            action = channel.actions[index]
            if not action["removed"]:
                chosen.append(action)
            index -= 1
        more = any(not channel.actions[i]["removed"] for i in range(low, index + 1))
    data = [{key: (str(a[key]) if key.endswith("Timetoken") else a[key]) for key in ("type", "value", "uuid", "actionTimetoken", "messageTimetoken")}
            for a in reversed(chosen)]
    answer = {"status": 200, "data": data}
    if more:
        oldest = chosen[-1]["actionTimetoken"]
        answer["more"] = {"url": f"/v1/message-actions/{world.subscribe_key}/channel/{channel.name}?start={oldest}&end={end}&limit={limit}",
                          "start": str(oldest), "end": str(end), "limit": limit}
    return answer


def pam_encode(text):
    """A query value as PubNub's SDKs sign it: ASCII letters, digits, `-`, `_`, `.` and `/`
    kept, every other byte %XX (pubnub/python `pam_encode`)."""
    keep = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./")
    return "".join(chr(b) if b in keep else "%%%02X" % b for b in text.encode("utf-8"))


def expected_signature(secret, publish_key, path, params):
    """PubNub's v2 signature of a GET: HMAC-SHA256 of "GET\\n{pub}\\n{path}\\n{query}\\n",
    URL-safe base64 without padding, after "v2."."""
    query = "&".join(f"{name}={pam_encode(value)}" for name, value in sorted(params) if name != "signature")
    digest = hmac.new(secret.encode(), f"GET\n{publish_key}\n{path}\n{query}\n".encode(), hashlib.sha256).digest()
    return "v2." + base64.urlsafe_b64encode(digest).decode().rstrip("=")


class Emulator:
    """The server's settings, faults to inject, and what it served."""

    def __init__(self, args):
        self.world = World(args.seed, args.channels, args.messages, args.reactions_per_message, args.padding)
        self.world.subscribe_key = args.subscribe_key
        self.args = args
        self.lock = threading.Lock()
        self.faults = []
        self.accepted = []        # arrival times of the requests let through, for the rate limit
        self.arrivals = {}        # client address -> whether its connection was let through
        self.last_answers = {}    # (endpoint, channel) -> the body last served, for "duplicate"
        self.stats = {"requests": 0, "rateLimited": 0, "maxInAnySecond": 0, "bytes": 0, "faults": 0}

    def admit(self, now):
        """True when a request that arrived at `now` stays within the rate limit (a sliding
        second)."""
        if not self.args.rate_limit:
            return True
        with self.lock:
            self.accepted = [t for t in self.accepted if t > now - 1.0]
            if len(self.accepted) >= self.args.rate_limit:
                self.stats["rateLimited"] += 1
                return False
            self.accepted.append(now)
            self.stats["maxInAnySecond"] = max(self.stats["maxInAnySecond"], len(self.accepted))
            return True

    def refusal(self, raw_path, params):
        """(status, body) when the keys or the signature do not match, else None."""
        if self.args.auth_key and params.get("auth") != self.args.auth_key:
            return 403, {"status": 403, "error": True, "message": "Forbidden", "payload": {"channels": []}, "service": "Access Manager"}
        if self.args.secret_key:
            pairs = parse_qsl(urlsplit(raw_path).query, keep_blank_values=True)
            given = dict(pairs).get("signature")
            if not given or "timestamp" not in dict(pairs) or given != expected_signature(
                    self.args.secret_key, self.args.publish_key, urlsplit(raw_path).path, pairs):
                return 403, {"status": 403, "error": True, "message": "Signature Does Not Match", "service": "Access Manager"}
        return None


class Handler(JSONHandler):
    def do_POST(self):
        with self.emulator.lock:
            self.emulator.arrivals.pop(self.client_address, None)
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        self.control(self.path.removeprefix("/_control/"), body)

    def advance(self, body):
        self.emulator.world.advance(body.get("messages", 0), body.get("reactions", 0), body.get("removals", 0), body.get("removalDays"))

    def do_GET(self):
        emulator = self.emulator
        with emulator.lock:
            admitted = emulator.arrivals.pop(self.client_address, True)
        if self.path.startswith("/_control/"):
            return self.control(self.path.removeprefix("/_control/"))
        parts = urlsplit(self.path)
        params = dict(parse_qsl(parts.query, keep_blank_values=True))
        segments = [unquote(s) for s in parts.path.split("/")]
        with emulator.lock:
            emulator.stats["requests"] += 1
        if not admitted:
            return self.send(429, {"status": 429, "error": True, "message": "Too Many Requests"}, [("Retry-After", "1")])
        with emulator.lock:
            fault = emulator.faults.pop(0) if emulator.faults else {"kind": "none"}
            if fault["kind"] != "none":
                emulator.stats["faults"] += 1
        if fault["kind"] == "status":
            headers = [("Retry-After", fault["retryAfter"])] if "retryAfter" in fault else []
            return self.send(fault["status"], {"status": fault["status"], "error": True, "message": fault.get("message", "Internal Server Error")}, headers)
        if fault["kind"] == "timeout":
            time.sleep(fault.get("seconds", 3))
        if emulator.args.delay_ms:
            time.sleep(emulator.args.delay_ms / 1000)
        self.answer(segments, params, fault)

    def answer(self, segments, params, fault):
        """Serves a history-with-actions or message-actions request."""
        emulator, world = self.emulator, self.emulator.world
        if len(segments) == 7 and segments[1:4] == ["v3", "history-with-actions", "sub-key"] and segments[5] == "channel":
            endpoint, key, name = "history", segments[4], segments[6]
        elif len(segments) == 6 and segments[1:3] == ["v1", "message-actions"] and segments[4] == "channel":
            endpoint, key, name = "actions", segments[3], segments[5]
        else:
            return self.send(404, {"status": 404, "error": True, "message": "Not Found"})
        if key != emulator.args.subscribe_key:
            return self.send(400, {"status": 400, "error": True, "message": "Invalid Subscribe Key", "service": "Access Manager"})
        refusal = emulator.refusal(self.path, params)
        if refusal:
            return self.send(*refusal)
        channel = world.channels.get(name) or Channel(name)
        if fault["kind"] == "duplicate" and (endpoint, name) in emulator.last_answers:
            return self.send(200, emulator.last_answers[(endpoint, name)])
        body = history_page(world, channel, params, emulator.args.actions_per_page) if endpoint == "history" else actions_page(world, channel, params)
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        emulator.last_answers[(endpoint, name)] = data
        self.send(200, data, cut=fault["kind"] == "truncate")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--reactions-per-message", type=int, default=4)
    parser.add_argument("--actions-per-page", type=int, default=250, help="actions a history page holds before PubNub cuts it short")
    parser.add_argument("--rate-limit", type=int, default=0, help="requests a second let through (PubNub documents 25); 0: no limit")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--padding", type=int, default=0, help="spaces added to every message's text")
    parser.add_argument("--subscribe-key", default="sub-c-emulator")
    parser.add_argument("--publish-key", default="")
    parser.add_argument("--auth-key", default="")
    parser.add_argument("--secret-key", default="")
    args = parser.parse_args()
    serve(AdmittingServer, Handler, Emulator(args), args.port)


if __name__ == "__main__":
    main()
