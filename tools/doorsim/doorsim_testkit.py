"""Helpers of doorsim's self-test: a webhook receiver and a doorsim.py process to talk to.

The receiver checks what the protocol asks of every webhook POST (signature, timestamp,
content type, batch limits); see test_doorsim.py for the tests.
"""

import hashlib
import hmac
import http.client
import http.server
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DOORSIM = os.path.join(HERE, "doorsim.py")
SECRET, TOKEN = "test-webhook-secret", "test-command-token"


class Receiver:
    """A webhook receiver: records each POST, checks its signature, answers a status."""

    def __init__(self, port=0):
        self.requests = []
        self.statuses = []  # answered first, one per request; then 200
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.lock:
                    status = receiver.statuses.pop(0) if receiver.statuses else 200
                receiver.record(self.headers, body, status)
                events = json.loads(body).get("events", [])
                answer = json.dumps({"accepted": len(events), "duplicates": 0, "rejected": []}
                                    if status == 200 else {"errors": ["test says no"]}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/n1/access_control/" \
                   "partners/1/events"
        threading.Thread(target=self.server.serve_forever, args=(0.1,), daemon=True).start()

    def record(self, headers, body, status):
        """Keep one request with the result of the protocol checks."""
        timestamp = headers.get("X-Argus-Timestamp", "")
        expected = "v1=" + hmac.new(SECRET.encode(), timestamp.encode() + b"." + body,
                                    hashlib.sha256).hexdigest()
        signed = (timestamp.isdigit() and abs(int(timestamp) - time.time()) <= 300
                  and hmac.compare_digest(headers.get("X-Argus-Signature", ""), expected))
        with self.lock:
            self.requests.append({"status": status, "signed": signed,
                                  "content_type": headers.get("Content-Type"),
                                  "body": body, "events": json.loads(body)["events"]})

    def events(self):
        """Every event received and accepted (answered 200) so far, in arrival order."""
        with self.lock:
            return [event for request in self.requests if request["status"] == 200
                    for event in request["events"]]

    def all_signed(self):
        """Whether every request so far was a correctly signed JSON POST."""
        with self.lock:
            return all(r["signed"] and r["content_type"] == "application/json"
                       and len(r["events"]) <= 100 and len(r["body"]) <= 256 * 1024
                       for r in self.requests)

    def stop(self):
        """Stop listening."""
        self.server.shutdown()
        self.server.server_close()


def write_file(directory, name, text):
    """Write a text file; return its path."""
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    return path


def start_doorsim(directory, webhook_url, *extra):
    """Start doorsim.py on a free port; return (process, base URL)."""
    stderr = open(os.path.join(directory, "doorsim-stderr.log"), "a", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, DOORSIM, "--webhook-url", webhook_url, "--port", "0",
         "--secret-file", os.path.join(directory, "secret"),
         "--token-file", os.path.join(directory, "token"), *extra],
        stdout=subprocess.PIPE, stderr=stderr, text=True)
    stderr.close()
    ready, _, _ = select.select([process.stdout], [], [], 10)
    line = process.stdout.readline() if ready else ""
    if not re.fullmatch(r"doorsim ready http=127\.0\.0\.1:\d+ url=http://127\.0\.0\.1:\d+\n",
                        line):
        process.kill()
        process.stdout.close()
        raise RuntimeError(f"doorsim did not get ready: {line!r}")
    fields = dict(field.split("=", 1) for field in line.split()[2:])
    return process, fields["url"]


def stop_doorsim(process, sig=signal.SIGTERM):
    """Signal doorsim; return its exit code."""
    process.send_signal(sig)
    try:
        return process.wait(10)
    finally:
        process.stdout.close()


def request(base_url, method, path, body=None, token=TOKEN):
    """One HTTP request; body a dict (sent as JSON) or bytes. Returns (status, JSON answer)."""
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    if isinstance(body, dict):
        body = json.dumps(body).encode()
    try:
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read() or b"null")
    finally:
        connection.close()


def wait_until(predicate, timeout=10.0):
    """Poll predicate until it is true (returned) or the timeout passes (AssertionError)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def free_port():
    """A port nothing listens on (a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
