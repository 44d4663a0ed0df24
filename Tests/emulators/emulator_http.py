"""What the tests' platform emulators share: a handler that answers JSON and counts the bytes it
sent, a server that places each connection under the rate limit when it is accepted, and the
start on 127.0.0.1 that prints the port. Python 3, standard library only."""

import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class JSONHandler(BaseHTTPRequestHandler):
    """Answers JSON (`send`); `emulator` is the platform's emulator, with a `lock` and `stats`."""
    emulator = None

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=(), cut=False):
        """Sends `body` (bytes, or a value made JSON) with `headers`; only its first half when
        `cut` (an answer cut short)."""
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(data[:len(data) // 2] if cut else data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass        # the client read what it wanted and closed the connection
        with self.emulator.lock:
            self.emulator.stats["bytes"] += len(data)

    def control(self, what, body=None):
        """Answers the tests' control endpoint `what` (the path after `/_control/`): `advance`
        (the emulator's `advance(body)`), `faults` (queued for the next requests, one each),
        `stats` and `truth`."""
        emulator = self.emulator
        if what == "advance" and body is not None:
            self.advance(body)
            return self.send(200, emulator.world.truth())
        if what == "faults" and body is not None:
            with emulator.lock:
                emulator.faults += body.get("faults", [])
                self.queue(body)
            return self.send(200, {"queued": len(emulator.faults)})
        if what == "stats":
            with emulator.lock:
                stats = dict(emulator.stats)
            return self.send(200, stats)
        if what == "truth":
            return self.send(200, emulator.world.truth())
        self.send(404, {"error": "no such control"})

    def advance(self, body):
        """Changes the emulator's data as the `advance` control asks."""
        raise NotImplementedError

    def queue(self, body):
        """What a `faults` control queues besides faults (called under the lock)."""


class AdmittingServer(ThreadingHTTPServer):
    """Decides each connection's place under the rate limit when it is accepted, before a thread
    is started for it: the time of arrival, not of a thread's first turn (a thread may wait for
    Python's lock while another builds a large page). The emulator's `admit(now)` decides, and
    its handler finds the decision in `arrivals` by the client's address."""

    def process_request(self, request, client_address):
        emulator = self.RequestHandlerClass.emulator
        admitted = emulator.admit(time.monotonic())
        with emulator.lock:
            emulator.arrivals[client_address] = admitted
        super().process_request(request, client_address)


def serve(server_class, handler_class, emulator, port, queue_size=None):
    """Serves `emulator` on 127.0.0.1 (`port` 0: one the system picks) and prints
    `listening on 127.0.0.1:PORT` first."""
    handler_class.emulator = emulator
    server = server_class(("127.0.0.1", port), handler_class)
    server.daemon_threads = True
    if queue_size:
        server.request_queue_size = queue_size
    print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()
