"""Self-test of doorsim.py: the real script against a webhook receiver of the test's own.

Run: cd tools/doorsim && /usr/bin/python3 -m unittest test_doorsim
"""

import datetime
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from doorsim_delivery import DeliveryQueue, batch_body, sign
from doorsim_testkit import (DOORSIM, SECRET, TOKEN, Receiver, free_port, request, start_doorsim,
                             stop_doorsim, wait_until, write_file)

EVENT_TYPES = {"access_granted", "access_denied", "door_held_open", "door_forced_open",
               "door_unlocked"}
EVENT_FIELDS = {"id", "time", "type", "message", "door", "controller", "actor", "cardNumber",
                "commandId"}
USER_FIELDS = {"type", "uuid", "name", "department", "employeeNumber", "accessGroups",
               "avatarUrl"}
ACTOR = {"type": "USER", "uuid": "argus-user-7", "name": "Dana Admin", "email": "dana@example.com"}
CUSTOM_SITE = {
    "doors": [
        {"uuid": "gate-1", "name": "North gate", "location_uuid": "site-yard",
         "controller": {"uuid": "ctl-yard", "name": "Yard controller"}, "accessGroup": "Yard"},
        {"uuid": "gate-2", "name": "South gate", "location_uuid": "site-yard",
         "controller": {"uuid": "ctl-yard", "name": "Yard controller"}},
    ],
    "holders": [{"uuid": "h-1", "name": "Pat Guard", "accessGroups": ["Yard"],
                 "cardNumber": "777"}],
}


class DoorsimTest(unittest.TestCase):
    """doorsim seen from argusd (command API, webhook) and from tests (control API)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        write_file(cls.tmp.name, "secret", SECRET + "\n")
        write_file(cls.tmp.name, "token", f"  {TOKEN}\n")
        cls.receiver = Receiver()
        cls.addClassCleanup(cls.receiver.stop)
        cls.process, cls.base = start_doorsim(cls.tmp.name, cls.receiver.url,
                                              "--interval-s", "0")
        cls.addClassCleanup(stop_doorsim, cls.process)

    def tearDown(self):
        self.assertTrue(self.receiver.all_signed(), "every webhook POST must be signed")

    # --- helpers ---------------------------------------------------------------------------

    def assert_contract_event(self, event):
        """event keeps every rule of the protocol's event table."""
        self.assertEqual(set(event), EVENT_FIELDS)
        self.assertRegex(event["id"], r"^[A-Za-z0-9._:-]{1,64}$")
        self.assertRegex(event["time"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
        when = datetime.datetime.fromisoformat(event["time"].replace("Z", "+00:00"))
        self.assertLess(abs(when.timestamp() - time.time()), 60)
        self.assertIn(event["type"], EVENT_TYPES)
        self.assertTrue(1 <= len(event["message"]) <= 200)
        self.assertNotRegex(event["message"], r"[\x00-\x1f\x7f]")
        self.assertEqual(set(event["door"]), {"uuid", "name"})
        self.assertEqual(set(event["controller"]), {"uuid", "name"})
        actor = event["actor"]
        if actor["type"] == "USER":
            self.assertLessEqual(set(actor), USER_FIELDS)
            self.assertIsInstance(actor["uuid"], str)
            self.assertIsInstance(actor["name"], str)
            self.assertLessEqual(len(actor.get("accessGroups", [])), 20)
        else:
            self.assertEqual(actor, {"type": "SYSTEM"})
        self.assertTrue(event["cardNumber"] is None or len(event["cardNumber"]) <= 32)
        self.assertTrue(event["commandId"] is None or isinstance(event["commandId"], str))

    def delivered(self, event_id):
        """Wait until the receiver got the event with event_id; return it."""
        def find():
            return next((e for e in self.receiver.events() if e["id"] == event_id), None)
        return wait_until(find)

    def badge(self, **body):
        """POST /sim/badge; return the queued event."""
        status, event = request(self.base, "POST", "/sim/badge", body, token=None)
        self.assertEqual(status, 200, event)
        return event

    def unlock_body(self, command_id, **extra):
        """An unlock command body as argusd sends it."""
        return {"commandId": command_id, "durationS": 5, "actor": ACTOR, **extra}

    # --- command API -------------------------------------------------------------------------

    def test_doors_need_the_token(self):
        self.assertEqual(request(self.base, "GET", "/v1/doors", token=None),
                         (401, {"errors": ["Invalid token"]}))
        self.assertEqual(request(self.base, "GET", "/v1/doors", token="wrong")[0], 401)
        self.assertEqual(request(self.base, "GET", "/v1/nothing", token=None)[0], 401)
        status, answer = request(self.base, "GET", "/v1/doors")
        self.assertEqual(status, 200)
        self.assertEqual([d["uuid"] for d in answer["doors"]],
                         ["door-front", "door-dock", "door-server", "door-stair-b"])
        self.assertEqual(answer["doors"][0], {
            "uuid": "door-front", "name": "Front entrance", "location_uuid": "site-hq",
            "controller": {"uuid": "ctl-hq-1", "name": "HQ controller 1"}})

    def test_unlock_delivers_a_signed_door_unlocked_event(self):
        path = "/v1/doors/door-dock/unlock"
        self.assertEqual(request(self.base, "POST", path, self.unlock_body("cmd-1"), token="x"),
                         (401, {"errors": ["Invalid token"]}))
        status, answer = request(self.base, "POST", path, self.unlock_body("cmd-1"))
        self.assertEqual((status, answer), (202, {"commandId": "cmd-1"}))
        event = wait_until(lambda: next((e for e in self.receiver.events()
                                         if e["commandId"] == "cmd-1"), None))
        self.assert_contract_event(event)
        self.assertEqual(event["type"], "door_unlocked")
        self.assertEqual(event["message"], "Unlocked by quick grant")
        self.assertEqual(event["door"], {"uuid": "door-dock", "name": "Loading dock"})
        self.assertEqual(event["actor"], {"type": "USER", "uuid": "argus-user-7",
                                          "name": "Dana Admin"})
        self.assertIsNone(event["cardNumber"])
        # argusd retrying the same command: 202 again, no second event.
        self.assertEqual(request(self.base, "POST", path, self.unlock_body("cmd-1"))[0], 202)
        self.delivered(self.badge(door_uuid="door-front")["id"])
        self.assertEqual(sum(e["commandId"] == "cmd-1" for e in self.receiver.events()), 1)
        commands = request(self.base, "GET", "/sim/status", token=None)[1]["commands"]
        self.assertEqual(commands[-1]["commandId"], "cmd-1")
        self.assertEqual(commands[-1]["door_uuid"], "door-dock")
        self.assertEqual(commands[-1]["actor"], ACTOR)
        self.assertIn("time", commands[-1])

    def test_unlock_errors(self):
        path = "/v1/doors/door-front/unlock"
        self.assertEqual(request(self.base, "POST", "/v1/doors/no-door/unlock",
                                 self.unlock_body("c-404")), (404, {"errors": ["Unknown door"]}))
        bad_bodies = [b"{not json", b"[1]", {"durationS": 5, "actor": ACTOR},
                      self.unlock_body(""), self.unlock_body("c" * 65),
                      self.unlock_body("c-1", durationS=0), self.unlock_body("c-1", durationS=61),
                      self.unlock_body("c-1", durationS=True), self.unlock_body("c-1", actor={}),
                      self.unlock_body("c-1", actor={"type": "USER", "uuid": "u"})]
        for body in bad_bodies:
            status, answer = request(self.base, "POST", path, body)
            self.assertEqual(status, 400, body)
            self.assertIsInstance(answer["errors"][0], str)
        self.assertEqual(request(self.base, "POST", path, b"x" * (64 * 1024 + 1))[0], 413)
        self.assertEqual(request(self.base, "GET", path)[0], 405)
        self.assertEqual(request(self.base, "GET", "/nothing", token=None)[0], 404)
        body = self.unlock_body("c-lock")
        del body["durationS"]  # optional
        lockdown = {"door_uuid": "door-front", "locked": True}
        self.assertEqual(request(self.base, "POST", "/sim/lockdown", lockdown, token=None),
                         (200, lockdown))
        try:
            self.assertEqual(request(self.base, "POST", path, body),
                             (409, {"errors": ["Door is in lockdown"]}))
            event = self.badge(door_uuid="door-front", holder_uuid="u-1001")
            self.assertEqual(event["type"], "access_denied")
        finally:
            request(self.base, "POST", "/sim/lockdown", {**lockdown, "locked": False}, token=None)
        self.assertEqual(request(self.base, "POST", path, body), (202, {"commandId": "c-lock"}))
        self.assertEqual(request(self.base, "POST", "/sim/lockdown",
                                 {"door_uuid": "nope", "locked": True}, token=None)[0], 404)
        self.assertEqual(request(self.base, "POST", "/sim/lockdown",
                                 {"door_uuid": "door-front"}, token=None)[0], 400)

    # --- control API and delivery ----------------------------------------------------------

    def test_badge_events_follow_the_contract(self):
        granted = self.badge(door_uuid="door-server", holder_uuid="u-1001")
        denied = self.badge(door_uuid="door-server", holder_uuid="u-1003")
        forced = self.badge(door_uuid="door-stair-b", type="door_forced_open")
        held = self.badge(door_uuid="door-dock", holder_uuid="u-1002", type="door_held_open")
        anyone = self.badge(door_uuid="door-front")
        for event in (granted, denied, forced, held, anyone):
            self.assertEqual(self.delivered(event["id"]), event)
            self.assert_contract_event(event)
        self.assertEqual((granted["type"], granted["message"]),
                         ("access_granted", "Access granted"))
        self.assertEqual(granted["actor"], {
            "type": "USER", "uuid": "u-1001", "name": "Ada Lovelace", "department": "Engineering",
            "employeeNumber": "E-1001", "accessGroups": ["Staff", "Server room"],
            "avatarUrl": None})
        self.assertEqual(granted["cardNumber"], "40012345")
        self.assertEqual(granted["controller"], {"uuid": "ctl-hq-1", "name": "HQ controller 1"})
        self.assertEqual((denied["type"], denied["message"]),
                         ("access_denied", "Access denied: no access group for this door"))
        self.assertEqual((forced["type"], forced["message"], forced["actor"], forced["cardNumber"]),
                         ("door_forced_open", "Door forced open", {"type": "SYSTEM"}, None))
        self.assertEqual((held["message"], held["actor"]), ("Door held open", {"type": "SYSTEM"}))
        self.assertEqual(len({e["id"] for e in (granted, denied, forced, held, anyone)}), 5)
        self.assertEqual(request(self.base, "POST", "/sim/badge", {"door_uuid": "x"},
                                 token=None), (404, {"errors": ["Unknown door"]}))
        self.assertEqual(request(self.base, "POST", "/sim/badge",
                                 {"door_uuid": "door-front", "holder_uuid": "x"},
                                 token=None), (404, {"errors": ["Unknown holder"]}))
        self.assertEqual(request(self.base, "POST", "/sim/badge",
                                 {"door_uuid": "door-front", "type": "door_unlocked"},
                                 token=None)[0], 400)

    def test_5xx_is_retried_and_4xx_dropped(self):
        with self.receiver.lock:
            self.receiver.statuses = [503]
        retried = self.badge(door_uuid="door-front")
        self.delivered(retried["id"])
        bodies = [r["body"] for r in self.receiver.requests if retried["id"].encode() in r["body"]]
        self.assertEqual(len(bodies), 2)
        before = wait_until(lambda: (lambda s: s["pending"] == 0 and s)(
            request(self.base, "GET", "/sim/status", token=None)[1]))
        with self.receiver.lock:
            self.receiver.statuses = [400]
        self.badge(door_uuid="door-front")
        status = wait_until(lambda: (lambda s: s["dropped"] > before["dropped"] and s)(
            request(self.base, "GET", "/sim/status", token=None)[1]))
        self.assertEqual(status["dropped"], before["dropped"] + 1)
        self.assertEqual(status["pending"], 0)
        self.assertEqual(status["delivered"], before["delivered"])
        self.delivered(self.badge(door_uuid="door-front")["id"])  # the next one goes through

    def test_events_wait_for_the_receiver(self):
        port = free_port()
        url = f"http://127.0.0.1:{port}/n1/access_control/partners/2/events"
        process, base = start_doorsim(self.tmp.name, url, "--interval-s", "0")
        receiver = None
        try:
            first = request(base, "POST", "/sim/badge", {"door_uuid": "door-front"}, None)[1]
            second = request(base, "POST", "/sim/badge", {"door_uuid": "door-dock"}, None)[1]
            status = wait_until(lambda: (lambda s: s["failed_attempts"] >= 2 and s)(
                request(base, "GET", "/sim/status", token=None)[1]))
            self.assertEqual(status["pending"], 2)
            self.assertEqual(status["delivered"], 0)
            receiver = Receiver(port)
            wait_until(lambda: len(receiver.events()) == 2)
            self.assertEqual([e["id"] for e in receiver.events()], [first["id"], second["id"]])
            self.assertTrue(receiver.all_signed())
            wait_until(lambda: (lambda s: (s["pending"], s["delivered"]) == (0, 2))(
                request(base, "GET", "/sim/status", token=None)[1]))
        finally:
            self.assertEqual(stop_doorsim(process), 0, "SIGTERM must end doorsim cleanly")
            if receiver:
                receiver.stop()

    def test_schedule_with_a_doors_file(self):
        doors = write_file(self.tmp.name, "doors.json", json.dumps(CUSTOM_SITE))
        receiver = Receiver()
        process, base = start_doorsim(self.tmp.name, receiver.url, "--interval-s", "1",
                                      "--seed", "7", "--doors", doors)
        try:
            status, answer = request(base, "GET", "/v1/doors")
            self.assertEqual(status, 200)
            self.assertEqual(answer["doors"][0], {
                "uuid": "gate-1", "name": "North gate", "location_uuid": "site-yard",
                "controller": {"uuid": "ctl-yard", "name": "Yard controller"}})
            events = wait_until(lambda: len(receiver.events()) >= 2 and receiver.events())
            self.assertTrue(receiver.all_signed())
            for event in events:
                self.assert_contract_event(event)
                self.assertIn(event["door"]["uuid"], {"gate-1", "gate-2"})
                self.assertEqual(event["controller"]["uuid"], "ctl-yard")
        finally:
            self.assertEqual(stop_doorsim(process, signal.SIGINT), 0)
            receiver.stop()

    # --- command line ----------------------------------------------------------------------

    def test_bad_options_exit_2(self):
        tmp = self.tmp.name
        secret, token = os.path.join(tmp, "secret"), os.path.join(tmp, "token")
        base = ["--webhook-url", "http://127.0.0.1:9/events", "--secret-file", secret,
                "--token-file", token]
        bad_sites = {"not-json.json": "{", "empty.json": '{"doors": []}',
                     "no-name.json": '{"doors": [{"uuid": "d1", "controller": '
                                     '{"uuid": "c", "name": "C"}}]}',
                     "twice.json": json.dumps({"doors": CUSTOM_SITE["doors"] * 2}),
                     "groups.json": json.dumps({**CUSTOM_SITE, "holders": [
                         {"uuid": "h", "name": "H", "accessGroups": "Yard"}]})}
        cases = [
            ([], "--webhook-url"),
            (["--webhook-url", "ftp://x/y", "--secret-file", secret, "--token-file", token],
             "--webhook-url"),
            (base[:4], "--token-file"),
            (base + ["--port", "70000"], "--port"),
            (base + ["--interval-s", "-1"], "--interval-s"),
            (base + ["--seed", "x"], "--seed"),
            (["--webhook-url", base[1], "--secret-file", os.path.join(tmp, "absent"),
              "--token-file", token], "--secret-file"),
            (base[:4] + ["--token-file", write_file(tmp, "empty-token", "\n")], "empty"),
            (base + ["--doors", os.path.join(tmp, "absent.json")], "--doors"),
        ]
        for name, text in bad_sites.items():
            cases.append((base + ["--doors", write_file(tmp, name, text)], name))
        with socket.socket() as busy:
            busy.bind(("127.0.0.1", 0))
            busy.listen()
            cases.append((base + ["--port", str(busy.getsockname()[1])], "cannot listen"))
            for args, needle in cases:
                result = subprocess.run([sys.executable, DOORSIM, *args], capture_output=True,
                                        text=True, timeout=10)
                self.assertEqual(result.returncode, 2, (args, result.stderr))
                self.assertIn(needle, result.stderr, args)
                self.assertEqual(result.stdout, "")


class DeliveryQueueTest(unittest.TestCase):
    """The queue's limits, in process (its thread is not started)."""

    def test_overflow_drops_the_oldest_and_batches_are_cut(self):
        queue = DeliveryQueue("http://127.0.0.1:9/events", SECRET, lambda _text: None,
                              max_pending=150)
        for number in range(160):
            queue.put({"id": f"ev-{number}", "n": number})
        status = queue.status()
        self.assertEqual((status["pending"], status["dropped"]), (150, 10))
        batch = queue._take_batch()  # pylint: disable=protected-access
        self.assertEqual([event_id for event_id, _ in batch],
                         [f"ev-{n}" for n in range(10, 110)])
        self.assertEqual(queue.status()["pending"], 150)
        body = json.loads(batch_body([encoded for _, encoded in batch]))
        self.assertEqual(body["events"][0], {"id": "ev-10", "n": 10})
        self.assertRegex(sign(SECRET, 1700000000, b"{}"), r"^v1=[0-9a-f]{64}$")


if __name__ == "__main__":
    unittest.main()
