#!/usr/bin/env python3
"""An emulator of the Stream Chat endpoints `reaction-report fetch stream` reads, on 127.0.0.1 only.

    python3 Tests/emulators/stream_emulator.py --seed 1 --channels 3 --messages 300
        [--api-key K --api-secret S] [--rate-limit 60] [--task-checks 1] [--delay-ms D]

prints `listening on 127.0.0.1:PORT` on its first line and serves until killed. Request and
response shapes: README.md beside this file. Its clock is the data's: it moves only when data is
added, so two fetches of the same data get tasks made at the same `created_at` (a reproducible
archive). Seeded data comes from the export generators' world (Tests/generators/exportgen).
"""

import argparse
import base64
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
from exportgen.world import PEOPLE_IDS, make_text, moment, pick_value, reaction_key  # noqa: E402
from http.server import ThreadingHTTPServer  # noqa: E402
from emulator_http import JSONHandler, serve  # noqa: E402

BASE = 1_704_067_200 * 10 ** 6      # 2024-01-01T00:00:00Z in µs: every seeded time is after it
SPAN = 2 * 365 * 86400              # seconds the seeded messages spread over at most
LATEST_CAP = 10                     # reactions a message's latest_reactions lists
CHANNELS_MAX = 30                   # query channels' largest page
NAMES = ["messaging:general", "messaging:support", "livestream:launch", "team:design-ux", "messaging:random"]


def iso(micros):
    """RFC 3339 UTC with six fraction digits, as Stream writes its times."""
    return moment(micros).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_iso(text):
    """µs since the epoch of an RFC 3339 UTC time (`Z`, 0–9 fraction digits)."""
    import datetime
    head, _, fraction = text.rstrip("Z").partition(".")
    moment_ = datetime.datetime.strptime(head, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    return int(moment_.timestamp()) * 10 ** 6 + int((fraction + "000000")[:6] or 0)


class World:
    """Seeded channels that grow: messages, reactions added and removed, each later than the
    last thing before it."""

    def __init__(self, seed, channels, messages, reactions_per_message, padding=0):
        self.rng = random.Random(seed)
        self.padding = padding
        self.now = BASE
        self.lock = threading.Lock()
        self.cids = [NAMES[i] if i < len(NAMES) else f"messaging:channel-{i}" for i in range(channels)]
        self.created = {cid: BASE - (len(self.cids) - i) * 60 * 10 ** 6 for i, cid in enumerate(self.cids)}
        self.messages = {cid: [] for cid in self.cids}      # in created_at order
        self.serial = 0
        self.reactions_per_message = reactions_per_message
        self.spacing = int(min(7200, max(60, 2 * SPAN / max(messages, 1))))
        self.advance(messages, 0, 0)

    def tick(self, most_seconds=None):
        self.now += self.rng.randint(1, (most_seconds or self.spacing) * 10 ** 6)
        return self.now

    def advance(self, messages, reactions, removals, within_days=None):
        """Adds `messages` messages with some reactions, `reactions` reactions and `removals`
        removals on messages of the last `within_days` days before the newest message (any
        message when not given)."""
        with self.lock:
            newest = max((m["at"] for ms in self.messages.values() for m in ms), default=self.now)
            for _ in range(messages):
                cid = self.rng.choice(self.cids)
                self.serial += 1
                message = {"id": f"m-{self.serial}", "at": self.tick(), "user": self.rng.choice(PEOPLE_IDS[:30]),
                           "text": make_text(self.rng) + " " * self.padding, "reactions": []}
                self.messages[cid].append(message)
                for _ in range(self.rng.randint(0, self.reactions_per_message)):
                    self.react(message)
            oldest = newest - within_days * 86400 * 10 ** 6 if within_days is not None else -1
            recent = [m for ms in self.messages.values() for m in ms if m["at"] >= oldest]
            for _ in range(reactions):
                if recent:
                    self.react(self.rng.choice(recent))
            for _ in range(removals):
                live = [(m, r) for m in recent for r in m["reactions"] if not r["removed"]]
                if live:
                    self.rng.choice(live)[1]["removed"] = True
                    self.tick(60)

    def react(self, message):
        """A reaction of a type the message holds no other spelling of, by someone who has not
        given that type yet (Stream: one reaction of each type per user and message)."""
        value, user = pick_value(self.rng), self.rng.choice(PEOPLE_IDS[:30])
        live = [r for r in message["reactions"] if not r["removed"]]
        same_key = [r["type"] for r in live if reaction_key(r["type"]) == reaction_key(value)]
        value = same_key[0] if same_key else value
        if any(r["type"] == value and r["user"] == user for r in live) or len(live) >= LATEST_CAP:
            return
        message["reactions"].append({"type": value, "user": user, "at": self.tick(120), "removed": False})

    def truth(self):
        """Messages, and live reactions as the tool counts them (one per message, key and
        person)."""
        with self.lock:
            reactions = {(m["id"], reaction_key(r["type"]), r["user"])
                         for ms in self.messages.values() for m in ms for r in m["reactions"] if not r["removed"]}
            return {"messages": sum(len(ms) for ms in self.messages.values()), "reactions": len(reactions), "channels": self.cids}

    def export(self, cid, since):
        """A version 1 export of `cid`: its messages from `since` (µs, inclusive; None: all)
        with their reactions as they are now."""
        kind, _, name = cid.partition(":")
        with self.lock:
            chosen = [message_json(cid, m) for m in self.messages[cid] if since is None or m["at"] >= since]
        channel = {"id": name, "type": kind, "cid": cid, "created_at": iso(self.created[cid]), "member_count": 30}
        return {"channels": [{"channel": channel, "messages": chosen}]}


def message_json(cid, message):
    live = sorted((r for r in message["reactions"] if not r["removed"]), key=lambda r: r["at"])
    groups = {}
    for r in live:
        group = groups.setdefault(r["type"], {"count": 0, "sum_scores": 0, "first_reaction_at": iso(r["at"])})
        group["count"] += 1
        group["sum_scores"] += 1
        group["last_reaction_at"] = iso(r["at"])
    latest = [{"type": r["type"], "score": 1, "user_id": r["user"], "user": {"id": r["user"]}, "message_id": message["id"],
               "created_at": iso(r["at"]), "updated_at": iso(r["at"])} for r in reversed(live)][:LATEST_CAP]
    return {"id": message["id"], "text": message["text"], "type": "regular", "cid": cid,
            "user": {"id": message["user"]}, "created_at": iso(message["at"]), "updated_at": iso(message["at"]),
            "reaction_groups": groups or None, "reaction_counts": {t: g["count"] for t, g in groups.items()},
            "reaction_scores": {t: g["sum_scores"] for t, g in groups.items()}, "latest_reactions": latest, "own_reactions": []}


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def token_is_valid(token, secret):
    """An HS256 JWT signed with `secret` whose payload says {"server": true}."""
    parts = (token or "").split(".")
    if len(parts) != 3:
        return False
    expected = b64url(hmac.new(secret.encode(), f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest())
    try:
        header = json.loads(base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)))
        payload = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except ValueError:
        return False
    return hmac.compare_digest(expected, parts[2]) and header.get("alg") == "HS256" and payload.get("server") is True


def stream_error(status, code, message):
    """Stream's error body (stream-chat-js `APIErrorResponse`)."""
    return {"code": code, "message": message, "StatusCode": status, "duration": "0.01ms",
            "more_info": "https://getstream.io/chat/docs/api_errors_response"}


class Emulator:
    """The server's settings, tasks, faults to inject, and what it served."""

    def __init__(self, args):
        self.world = World(args.seed, args.channels, args.messages, args.reactions_per_message, args.padding)
        self.args = args
        self.lock = threading.Lock()
        self.faults = []
        self.fail_tasks = 0
        self.tasks = {}           # id -> {"created": µs, "checks": n, "file": bytes or None, "failed": bool}
        self.windows = {}         # endpoint -> arrival times (monotonic) within the last minute
        self.stats = {"requests": 0, "rateLimited": 0, "maxInAnyMinute": 0, "bytes": 0, "faults": 0, "downloads": 0, "tasks": 0}

    def admit(self, endpoint, now):
        """(admitted, limit headers) for a request to `endpoint` at `now`: Stream's limits are
        per endpoint and minute (a sliding minute here)."""
        limit = self.args.rate_limit
        if not limit:
            return True, []
        with self.lock:
            window = [t for t in self.windows.get(endpoint, []) if t > now - 60.0]
            admitted = len(window) < limit
            if admitted:
                window.append(now)
                self.stats["maxInAnyMinute"] = max(self.stats["maxInAnyMinute"], len(window))
            else:
                self.stats["rateLimited"] += 1
            self.windows[endpoint] = window
            reset = int(time.time() + (window[0] + 60.0 - now)) + 1
        return admitted, [("X-RateLimit-Limit", str(limit)), ("X-RateLimit-Remaining", str(max(0, limit - len(window)))),
                          ("X-RateLimit-Reset", str(reset))]


class Handler(JSONHandler):
    def body(self):
        length = int(self.headers.get("Content-Length", "0"))
        try:
            return json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return None

    def do_POST(self):
        self.serve("POST")

    def do_GET(self):
        self.serve("GET")

    def serve(self, method):
        emulator = self.emulator
        parts = urlsplit(self.path)
        params = dict(parse_qsl(parts.query, keep_blank_values=True))
        segments = [unquote(s) for s in parts.path.split("/")][1:]
        body = self.body() if method == "POST" else {}
        if segments[0] == "_control":
            return self.control(segments[1], body)
        endpoint = {("POST", "export_channels"): "ExportChannels", ("GET", "export_channels"): "GetExportChannelsStatus",
                    ("POST", "channels"): "QueryChannels", ("GET", "_files"): "download"}.get((method, segments[0]))
        if endpoint is None:
            return self.send(404, stream_error(404, 4, "no such endpoint"))
        with emulator.lock:
            emulator.stats["requests"] += 1
        if endpoint != "download":
            admitted, limits = emulator.admit(endpoint, time.monotonic())
            if not admitted:
                return self.send(429, stream_error(429, 9, f"Too many requests, check response headers for more information. ({endpoint})"), limits)
        else:
            limits = []
        with emulator.lock:
            fault = emulator.faults.pop(0) if emulator.faults else {"kind": "none"}
            if fault["kind"] != "none":
                emulator.stats["faults"] += 1
        if fault["kind"] == "status":
            headers = [("Retry-After", fault["retryAfter"])] if "retryAfter" in fault else []
            if fault.get("reset"):
                headers.append(("X-RateLimit-Reset", str(int(time.time()) + int(fault["reset"]))))
            return self.send(fault["status"], stream_error(fault["status"], -1, fault.get("message", "internal error")), headers)
        if fault["kind"] == "timeout":
            time.sleep(fault.get("seconds", 3))
        if emulator.args.delay_ms:
            time.sleep(emulator.args.delay_ms / 1000)
        if endpoint == "download":
            return self.download(segments, params, fault)
        refusal = self.refusal(params)
        if refusal:
            return self.send(*refusal)
        if body is None:
            return self.send(400, stream_error(400, 4, "invalid JSON body"), limits)
        if endpoint == "ExportChannels":
            return self.create(body, limits, fault)
        if endpoint == "GetExportChannelsStatus":
            return self.status(segments, limits, fault)
        offset, limit = int(body.get("offset", 0)), min(int(body.get("limit", 10)), CHANNELS_MAX)
        cids = sorted(emulator.world.cids, key=lambda c: (emulator.world.created[c], c))[offset:offset + limit]
        page = [{"channel": {"cid": c, "type": c.partition(":")[0], "id": c.partition(":")[2]}, "messages": [], "members": []} for c in cids]
        return self.send(200, {"channels": page, "duration": "1.00ms"}, limits, cut=fault["kind"] == "truncate")

    def refusal(self, params):
        """(status, body) when the api_key, the token or its type is wrong, else None."""
        args = self.emulator.args
        if params.get("api_key") != args.api_key:
            return 401, stream_error(401, 2, "api_key not found")
        if self.headers.get("Stream-Auth-Type") != "jwt" or not token_is_valid(self.headers.get("Authorization"), args.api_secret):
            return 401, stream_error(401, 5, "JWTAuth error: signature is not valid. Make sure the token is created using the secret for API key")
        return None

    def create(self, body, limits, fault):
        emulator, world = self.emulator, self.emulator.world
        channels = body.get("channels") or []
        if len(channels) != 1 or body.get("version") not in (None, "v1"):
            return self.send(400, stream_error(400, 4, "ExportChannels failed with error: this emulator exports one channel, version v1"), limits)
        cid = f"{channels[0].get('type')}:{channels[0].get('id')}"
        if cid not in world.messages:
            return self.send(400, stream_error(400, 4, f'ExportChannels failed with error: "Can\'t find channel with cid {cid}"'), limits)
        since = channels[0].get("messages_since")
        with emulator.lock:
            emulator.stats["tasks"] += 1
            task = f"task-{emulator.stats['tasks']}"
            failed = emulator.fail_tasks > 0
            emulator.fail_tasks -= 1 if failed else 0
        # The task is made when the data is what it is now: at the world's clock.
        data = json.dumps(world.export(cid, parse_iso(since) if since else None), ensure_ascii=False, separators=(",", ":")).encode()
        with emulator.lock:
            emulator.tasks[task] = {"created": world.now + 10 ** 6, "checks": 0, "file": data, "failed": failed}
        return self.send(201, {"task_id": task, "duration": "2.00ms"}, limits, cut=fault["kind"] == "truncate")

    def status(self, segments, limits, fault):
        emulator = self.emulator
        with emulator.lock:
            task = emulator.tasks.get(segments[1] if len(segments) > 1 else "")
            if task:
                task["checks"] += 1
        if not task:
            return self.send(404, stream_error(404, 16, f"Can't find task with id {segments[-1]}"), limits)
        answer = {"task_id": segments[1], "created_at": iso(task["created"]), "updated_at": iso(task["created"] + 10 ** 6), "duration": "1.00ms"}
        if task["checks"] <= emulator.args.task_checks:
            answer["status"] = "running"
        elif task["failed"]:
            answer.update(status="failed", error={"type": "export failed", "description": "the export could not be made"})
        else:
            answer.update(status="completed", result={"url": f"http://127.0.0.1:{self.server.server_address[1]}/_files/{segments[1]}.json"
                                                             f"?X-Amz-Expires=86400&X-Amz-Signature=e5c0{segments[1]}"})
        return self.send(200, answer, limits, cut=fault["kind"] == "truncate")

    def download(self, segments, params, fault):
        """The export's file, as S3 serves it: refused when the request carries a second way of
        authenticating (Stream's token or key)."""
        emulator = self.emulator
        if self.headers.get("Authorization") or "api_key" in params:
            return self.send(400, b"<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>")
        name = segments[1][:-len(".json")] if len(segments) > 1 and segments[1].endswith(".json") else ""
        with emulator.lock:
            task = emulator.tasks.get(name)
            emulator.stats["downloads"] += 1
        if not task or not params.get("X-Amz-Signature", "").endswith(name):
            return self.send(403, b"<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>")
        self.send(200, task["file"], cut=fault["kind"] == "truncate")

    def advance(self, body):
        self.emulator.world.advance(body.get("messages", 0), body.get("reactions", 0), body.get("removals", 0), body.get("withinDays"))

    def queue(self, body):
        self.emulator.fail_tasks += body.get("failTasks", 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--reactions-per-message", type=int, default=4)
    parser.add_argument("--rate-limit", type=int, default=0, help="requests a minute let through per endpoint (Stream's export: 60); 0: none")
    parser.add_argument("--task-checks", type=int, default=1, help="status checks a task answers `running` before it is done")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--padding", type=int, default=0, help="spaces added to every message's text")
    parser.add_argument("--api-key", default="stream-key")
    parser.add_argument("--api-secret", default="stream-secret")
    args = parser.parse_args()
    serve(ThreadingHTTPServer, Handler, Emulator(args), args.port)


if __name__ == "__main__":
    main()
