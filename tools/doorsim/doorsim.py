#!/usr/bin/python3
"""Argus door-controller simulator speaking the Argus door partner protocol v1.

Simulates one site's doors and card holders, sends their events to argusd's signed
webhook and answers argusd's door and unlock calls; a small control API lets tests and
people make events and lock doors down. See README.md and docs/design/access-control.md.
Standard library only.
"""

import argparse
import hmac
import json
import re
import signal
import socket
import sys
import threading
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from doorsim_delivery import DeliveryQueue
from doorsim_fleet import (BADGE_TYPES, CONTROL_CHARACTERS, Fleet, FleetError, default_doors,
                           default_holders, load_site)

MAX_BODY_BYTES = 64 * 1024
MAX_DISCARDED_BYTES = 1024 * 1024
DEFAULT_DURATION_S = 5
UNLOCK_PATH = re.compile(r"/v1/doors/([^/]+)/unlock")


def log(text):
    """One line on stderr."""
    sys.stderr.write(f"doorsim: {text}\n")
    sys.stderr.flush()


# --- command line -------------------------------------------------------------------------

def parse_port(text):
    """A TCP port number, 0 meaning a free port."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, got {text!r}")
    return port


def parse_interval(text):
    """Seconds between scheduled events: a number 0..86400, 0 meaning none."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86400:
        raise argparse.ArgumentTypeError(f"must be a number of seconds 0..86400, got {text!r}")
    return seconds


def read_secret(parser, option, path):
    """The stripped content of a secret file; a parser error when unreadable or empty."""
    try:
        with open(path, encoding="utf-8") as file:
            value = file.read().strip()
    except (OSError, UnicodeDecodeError) as error:
        parser.error(f"cannot read {option} {path}: {getattr(error, 'strerror', None) or error}")
    if not value:
        parser.error(f"{option} {path} is empty")
    return value


def parse_options(argv):
    """Read the command line and the files it names; problems exit with code 2."""
    parser = argparse.ArgumentParser(prog="doorsim.py",
                                     description="Argus door-controller simulator")
    parser.add_argument("--webhook-url", required=True,
                        help="argusd's events URL, e.g. http://127.0.0.1:8080/n1/"
                             "access_control/partners/1/events")
    parser.add_argument("--secret-file", required=True, help="file holding the webhook secret")
    parser.add_argument("--token-file", required=True,
                        help="file holding the bearer token argusd's calls must carry")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=parse_port, default=0, help="port (0: a free port)")
    parser.add_argument("--interval-s", type=parse_interval, default=20.0, metavar="S",
                        help="seconds between scheduled events (0: none; default 20)")
    parser.add_argument("--doors", metavar="FILE", help="JSON file with doors (and holders)")
    parser.add_argument("--seed", type=int, metavar="N", help="random seed of the schedule")
    options = parser.parse_args(argv)
    url = urllib.parse.urlsplit(options.webhook_url)
    try:
        url.port  # noqa: B018 (raises ValueError for a bad port)
        valid_url = url.scheme in ("http", "https") and bool(url.hostname)
    except ValueError:
        valid_url = False
    if not valid_url:
        parser.error(f"--webhook-url must be an http(s) URL, got {options.webhook_url!r}")
    options.secret = read_secret(parser, "--secret-file", options.secret_file)
    options.token = read_secret(parser, "--token-file", options.token_file)
    if options.doors:
        try:
            options.site = load_site(options.doors)
        except FleetError as error:
            parser.error(f"--doors {options.doors}: {error}")
    else:
        options.site = default_doors(), default_holders()
    return options


# --- HTTP ---------------------------------------------------------------------------------

class ApiError(Exception):
    """An error answer: status and the message of {"errors": [message]}."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


class DoorsimHttpServer(ThreadingHTTPServer):
    """The listener; carries the fleet, the delivery queue and the token for the handlers."""

    daemon_threads = True
    fleet = None
    queue = None
    token = ""

    def queue_event(self, event, why):
        """Hand an event to the delivery queue and log it."""
        actor = event["actor"].get("uuid", event["actor"]["type"])
        log(f"event {event['id']} {event['type']} door={event['door']['uuid']} "
            f"actor={actor} ({why})")
        self.queue.put(event)


class Handler(BaseHTTPRequestHandler):
    """The command API under /v1 (bearer token) and the control API under /sim."""

    server_version = "doorsim"
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        """Answer a GET request."""
        self.answer()

    def do_POST(self):
        """Answer a POST request."""
        self.answer()

    do_PUT = do_DELETE = do_PATCH = do_POST

    def answer(self):
        """Route the request; errors become {"errors": [...]} answers."""
        self.body_read = False
        path = urllib.parse.urlsplit(self.path).path
        try:
            if path.startswith("/v1/") and not self.token_ok():
                raise ApiError(401, "Invalid token")
            handler, args = self.route(path)
            handler(*args)
        except ApiError as error:
            self.log_message("%s %s: %s", self.command, path, error.message)
            self.send_json(error.status, {"errors": [error.message]})
        except Exception:  # a bug: answer 500 rather than drop the connection
            self.log_message("%s %s failed:\n%s", self.command, path, traceback.format_exc())
            self.send_json(500, {"errors": ["doorsim failed; see its log"]})

    def route(self, path):
        """(bound method, arguments) for the path and method, or ApiError 404/405."""
        match = UNLOCK_PATH.fullmatch(path)
        if match:
            routes = {"POST": (self.post_unlock, (urllib.parse.unquote(match.group(1)),))}
        else:
            routes = {
                "/v1/doors": {"GET": (self.get_doors, ())},
                "/sim/badge": {"POST": (self.post_badge, ())},
                "/sim/lockdown": {"POST": (self.post_lockdown, ())},
                "/sim/status": {"GET": (self.get_status, ())},
            }.get(path)
        if routes is None:
            raise ApiError(404, "Not found")
        if self.command not in routes:
            raise ApiError(405, "Method not allowed")
        return routes[self.command]

    def token_ok(self):
        """Whether the request carries the right bearer token (constant-time compare)."""
        scheme, _, token = self.headers.get("Authorization", "").strip().partition(" ")
        expected = self.server.token.encode("utf-8")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            token.strip().encode("utf-8"), expected)

    def read_json(self):
        """The request body as a JSON object, or ApiError 400/411/413."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            raise ApiError(411, "Content-Length required")
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise ApiError(400, "Bad Content-Length") from None
        if length < 0:
            raise ApiError(400, "Bad Content-Length")
        if length > MAX_BODY_BYTES:
            raise ApiError(413, f"Body over {MAX_BODY_BYTES // 1024} KB")
        body = self.rfile.read(length)
        self.body_read = True
        if len(body) < length:
            raise ApiError(400, "Body shorter than its Content-Length")
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ApiError(400, "Body is not JSON") from None
        if not isinstance(data, dict):
            raise ApiError(400, "Body must be a JSON object")
        return data

    def discard_body(self):
        """Read and drop a body left unread (up to 1 MB, else close the connection)."""
        if self.body_read:
            return
        self.body_read = True
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower() \
                or not 0 <= length <= MAX_DISCARDED_BYTES:
            self.close_connection = True
            return
        while length > 0:
            chunk = self.rfile.read(min(length, 65536))
            if not chunk:
                break
            length -= len(chunk)

    def send_json(self, status, value):
        """Send a complete JSON answer (after dropping a body the route did not read)."""
        data = json.dumps(value).encode("utf-8")
        self.discard_body()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    # -- command API (argusd)

    def get_doors(self):
        """GET /v1/doors: the doors of the site."""
        self.send_json(200, {"doors": self.server.fleet.door_list()})

    def post_unlock(self, door_uuid):
        """POST /v1/doors/{uuid}/unlock: a quick grant; 202, then a door_unlocked event."""
        body = self.read_json()
        fleet = self.server.fleet
        if not fleet.has_door(door_uuid):
            raise ApiError(404, "Unknown door")
        command_id, duration_s, actor = check_unlock(body)
        status, event = fleet.unlock(door_uuid, command_id, duration_s, actor)
        if status == 404:
            raise ApiError(404, "Unknown door")
        if status == 409:
            raise ApiError(409, "Door is in lockdown")
        self.send_json(202, {"commandId": command_id})
        if event is not None:
            self.server.queue_event(event, f"unlock command {command_id}")

    # -- control API (tests and people)

    def post_badge(self):
        """POST /sim/badge: an event at a door now; answers the event."""
        body = self.read_json()
        door_uuid = body.get("door_uuid")
        holder_uuid = body.get("holder_uuid")
        event_type = body.get("type")
        if not isinstance(door_uuid, str):
            raise ApiError(400, "door_uuid must be a string")
        if holder_uuid is not None and not isinstance(holder_uuid, str):
            raise ApiError(400, "holder_uuid must be a string")
        if event_type is not None and event_type not in BADGE_TYPES:
            raise ApiError(400, "type must be one of " + ", ".join(BADGE_TYPES))
        try:
            event = self.server.fleet.badge(door_uuid, holder_uuid, event_type)
        except KeyError as error:
            raise ApiError(404, f"Unknown {error.args[0]}") from None
        self.server.queue_event(event, "POST /sim/badge")
        self.send_json(200, event)

    def post_lockdown(self):
        """POST /sim/lockdown: lock a door down or lift the lockdown."""
        body = self.read_json()
        door_uuid, locked = body.get("door_uuid"), body.get("locked")
        if not isinstance(door_uuid, str):
            raise ApiError(400, "door_uuid must be a string")
        if not isinstance(locked, bool):
            raise ApiError(400, "locked must be true or false")
        if not self.server.fleet.set_lockdown(door_uuid, locked):
            raise ApiError(404, "Unknown door")
        log(f"door {door_uuid} {'locked down' if locked else 'out of lockdown'}")
        self.send_json(200, {"door_uuid": door_uuid, "locked": locked})

    def get_status(self):
        """GET /sim/status: the delivery counters, lockdowns and last unlock commands."""
        answer = self.server.queue.status()
        answer.update(self.server.fleet.status())
        self.send_json(200, answer)

    # -- logging

    def log_request(self, code="-", size="-"):
        """Log the answered request without its query string."""
        path = urllib.parse.urlsplit(self.path).path
        self.log_message("%s %s %s", self.command, path, getattr(code, "value", code))

    def log_message(self, format, *args):  # noqa: A002 (name fixed by the base class)
        """Log one line on stderr."""
        log(f"{self.address_string()} {format % args}")


def check_unlock(body):
    """(commandId, durationS, actor) of an unlock body, or ApiError 400."""
    command_id = body.get("commandId")
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= 64:
        raise ApiError(400, "commandId must be a string of 1-64 characters")
    duration_s = body.get("durationS", DEFAULT_DURATION_S)
    if isinstance(duration_s, bool) or not isinstance(duration_s, int) \
            or not 1 <= duration_s <= 60:
        raise ApiError(400, "durationS must be a whole number 1-60")
    actor = body.get("actor")
    if not isinstance(actor, dict) or actor.get("type") != "USER":
        raise ApiError(400, "actor must be an object with type USER")
    for field, limit in (("uuid", 64), ("name", 200)):
        value = actor.get(field)
        if not isinstance(value, str) or not 1 <= len(value) <= limit \
                or CONTROL_CHARACTERS.search(value):
            raise ApiError(400, f"actor.{field} must be a string of 1-{limit} characters")
    email = actor.get("email")
    if email is not None and not isinstance(email, str):
        raise ApiError(400, "actor.email must be a string")
    return command_id, duration_s, {"type": "USER", "uuid": actor["uuid"],
                                    "name": actor["name"], "email": email}


# --- main ---------------------------------------------------------------------------------

def run_schedule(server, interval_s, stop):
    """Queue a random event every interval_s seconds until stop is set."""
    while not stop.wait(interval_s):
        server.queue_event(server.fleet.scheduled_event(), "schedule")


def serve(options):
    """Listen, print the ready line, and serve until SIGTERM or SIGINT; return the exit code."""
    server_class = DoorsimHttpServer
    if ":" in options.host:
        server_class = type("DoorsimHttpServer6", (DoorsimHttpServer,),
                            {"address_family": socket.AF_INET6})
    try:
        httpd = server_class((options.host, options.port), Handler)
    except (OSError, OverflowError) as error:
        log(f"cannot listen on {options.host}:{options.port}: {error}")
        return 2
    doors, holders = options.site
    httpd.fleet = Fleet(doors, holders, seed=options.seed)
    httpd.queue = DeliveryQueue(options.webhook_url, options.secret, log)
    httpd.token = options.token
    port = httpd.server_address[1]
    host = f"[{options.host}]" if ":" in options.host else options.host

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    httpd.queue.start()
    threading.Thread(target=httpd.serve_forever, args=(0.2,), name="doorsim-http",
                     daemon=True).start()
    if options.interval_s > 0:
        threading.Thread(target=run_schedule, args=(httpd, options.interval_s, stop),
                         name="doorsim-schedule", daemon=True).start()
    log(f"{len(doors)} doors, {len(holders)} card holders; events to {options.webhook_url}"
        + (f" every {options.interval_s:g} s" if options.interval_s > 0 else ""))
    print(f"doorsim ready http={host}:{port} url=http://{host}:{port}", flush=True)
    while not stop.wait(1.0):
        pass
    httpd.shutdown()
    httpd.server_close()
    httpd.queue.stop()
    status = httpd.queue.status()
    log(f"stopped: {status['delivered']} events delivered, {status['pending']} pending, "
        f"{status['dropped']} dropped")
    return 0


def main(argv=None):
    """Entry point: options, then serve."""
    return serve(parse_options(argv))


if __name__ == "__main__":
    sys.exit(main())
