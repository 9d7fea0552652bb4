"""The simulated site of doorsim: doors, card holders, lockdowns and the events they make.

All state is behind one lock, so the HTTP handlers, the schedule and the tests may call
a Fleet from any thread. Event dicts follow the Argus door partner protocol v1
(docs/design/access-control.md).
"""

import datetime
import json
import random
import re
import threading
import uuid

SITE_UUID = "site-hq"
DEFAULT_CONTROLLER = {"uuid": "ctl-hq-1", "name": "HQ controller 1"}

# A door's "accessGroup" is the group a holder needs to be let in (None: everybody is).
DEFAULT_DOORS = [
    {"uuid": "door-front", "name": "Front entrance", "accessGroup": "Staff"},
    {"uuid": "door-dock", "name": "Loading dock", "accessGroup": "Dock"},
    {"uuid": "door-server", "name": "Server room", "accessGroup": "Server room"},
    {"uuid": "door-stair-b", "name": "Stairwell B", "accessGroup": "Staff"},
]

DEFAULT_HOLDERS = [
    {"uuid": "u-1001", "name": "Ada Lovelace", "department": "Engineering",
     "employeeNumber": "E-1001", "accessGroups": ["Staff", "Server room"],
     "cardNumber": "40012345"},
    {"uuid": "u-1002", "name": "Grace Hopper", "department": "Engineering",
     "employeeNumber": "E-1002", "accessGroups": ["Staff", "Server room", "Dock"],
     "cardNumber": "40012346"},
    {"uuid": "u-1003", "name": "Alan Turing", "department": "Research",
     "employeeNumber": "E-1003", "accessGroups": ["Staff"], "cardNumber": "40012347"},
    {"uuid": "u-1004", "name": "Katherine Johnson", "department": "Finance",
     "employeeNumber": "E-1004", "accessGroups": ["Staff"], "cardNumber": "40012348"},
    {"uuid": "u-1005", "name": "Margaret Hamilton", "department": "Operations",
     "employeeNumber": "E-1005", "accessGroups": ["Staff", "Dock"], "cardNumber": "40012349"},
    {"uuid": "u-1006", "name": "Claude Shannon", "department": "Facilities (contractor)",
     "employeeNumber": "C-2001", "accessGroups": ["Dock"], "cardNumber": "40012350"},
]

BADGE_TYPES = ("access_granted", "access_denied", "door_held_open", "door_forced_open")
MESSAGES = {
    "access_granted": "Access granted",
    "access_denied": "Access denied: no access group for this door",
    "door_held_open": "Door held open",
    "door_forced_open": "Door forced open",
    "door_unlocked": "Unlocked by quick grant",
}
LOCKDOWN_DENIED = "Access denied: door is in lockdown"
HELD_OPEN_SHARE, FORCED_OPEN_SHARE = 0.04, 0.02  # of the scheduled events
MAX_COMMANDS_KEPT = 50
MAX_COMMAND_IDS_REMEMBERED = 10000

ID_PATTERN = re.compile(r"[A-Za-z0-9._:-]{1,64}")
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")


class FleetError(Exception):
    """A --doors file that cannot be used; the message says why."""


def now_iso():
    """The current time, ISO 8601 UTC with milliseconds and 'Z'."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_event_id():
    """A fresh event id; random even under --seed, so restarts never repeat ids."""
    return "ev-" + uuid.uuid4().hex


# --- the --doors file ---------------------------------------------------------------------

def _text(where, value, limit=200):
    """A 1..limit character string without control characters, else FleetError."""
    if not isinstance(value, str) or not 1 <= len(value) <= limit \
            or CONTROL_CHARACTERS.search(value):
        raise FleetError(f"{where} must be a string of 1-{limit} characters "
                         f"without control characters")
    return value


def _identifier(where, value):
    """An id usable in URLs and events: 1-64 of A-Z a-z 0-9 - _ . :"""
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise FleetError(f"{where} must be 1-64 of A-Z a-z 0-9 - _ . :")
    return value


def _optional_text(where, value, limit=200):
    """None, or a string as _text."""
    return None if value is None else _text(where, value, limit)


def _door(index, raw):
    """One door of the file, checked and completed."""
    where = f"doors[{index}]"
    if not isinstance(raw, dict):
        raise FleetError(f"{where} must be an object")
    controller = raw.get("controller", DEFAULT_CONTROLLER)
    if not isinstance(controller, dict):
        raise FleetError(f"{where}.controller must be an object")
    return {
        "uuid": _identifier(f"{where}.uuid", raw.get("uuid")),
        "name": _text(f"{where}.name", raw.get("name")),
        "location_uuid": _identifier(f"{where}.location_uuid",
                                     raw.get("location_uuid", SITE_UUID)),
        "controller": {"uuid": _identifier(f"{where}.controller.uuid", controller.get("uuid")),
                       "name": _text(f"{where}.controller.name", controller.get("name"))},
        "accessGroup": _optional_text(f"{where}.accessGroup", raw.get("accessGroup")),
    }


def _holder(index, raw):
    """One card holder of the file, checked and completed."""
    where = f"holders[{index}]"
    if not isinstance(raw, dict):
        raise FleetError(f"{where} must be an object")
    groups = raw.get("accessGroups", [])
    if not isinstance(groups, list) or len(groups) > 20:
        raise FleetError(f"{where}.accessGroups must be a list of at most 20 strings")
    return {
        "uuid": _identifier(f"{where}.uuid", raw.get("uuid")),
        "name": _text(f"{where}.name", raw.get("name")),
        "department": _optional_text(f"{where}.department", raw.get("department")),
        "employeeNumber": _optional_text(f"{where}.employeeNumber", raw.get("employeeNumber")),
        "accessGroups": [_text(f"{where}.accessGroups[{i}]", g) for i, g in enumerate(groups)],
        "cardNumber": _optional_text(f"{where}.cardNumber", raw.get("cardNumber"), 32),
        "avatarUrl": _optional_text(f"{where}.avatarUrl", raw.get("avatarUrl"), 2000),
    }


def _unique(kind, items):
    """FleetError when two items share a uuid."""
    seen = set()
    for item in items:
        if item["uuid"] in seen:
            raise FleetError(f"two {kind} have the uuid {item['uuid']!r}")
        seen.add(item["uuid"])


def load_site(path):
    """(doors, holders) from a --doors JSON file; FleetError when it cannot be used."""
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except OSError as error:
        raise FleetError(f"cannot read it: {error.strerror or error}") from error
    except ValueError as error:
        raise FleetError(f"not JSON: {error}") from error
    if not isinstance(data, dict):
        raise FleetError("must be a JSON object with a \"doors\" list")
    raw_doors = data.get("doors")
    if not isinstance(raw_doors, list) or not raw_doors:
        raise FleetError("\"doors\" must be a non-empty list")
    doors = [_door(i, d) for i, d in enumerate(raw_doors)]
    _unique("doors", doors)
    if "holders" in data:
        raw_holders = data["holders"]
        if not isinstance(raw_holders, list) or not raw_holders:
            raise FleetError("\"holders\" must be a non-empty list")
        holders = [_holder(i, h) for i, h in enumerate(raw_holders)]
    else:
        holders = default_holders()
    _unique("holders", holders)
    return doors, holders


def default_doors():
    """The built-in doors, completed like the ones of a file."""
    return [_door(i, d) for i, d in enumerate(DEFAULT_DOORS)]


def default_holders():
    """The built-in card holders, completed like the ones of a file."""
    return [_holder(i, h) for i, h in enumerate(DEFAULT_HOLDERS)]


# --- the fleet ----------------------------------------------------------------------------

class Fleet:
    """Doors, holders and lockdowns of the site; makes events (it does not send them)."""

    def __init__(self, doors, holders, seed=None):
        self._doors = {door["uuid"]: door for door in doors}
        self._holders = {holder["uuid"]: holder for holder in holders}
        self._lockdown = set()
        self._random = random.Random(seed)
        self._commands = []
        self._command_ids = {}  # commandId -> None, oldest first (dicts keep order)
        self._lock = threading.Lock()

    # -- reading

    def door_list(self):
        """The doors as GET /v1/doors lists them."""
        with self._lock:
            return [{"uuid": d["uuid"], "name": d["name"], "location_uuid": d["location_uuid"],
                     "controller": dict(d["controller"])} for d in self._doors.values()]

    def has_door(self, door_uuid):
        """Whether door_uuid is a door of the site."""
        with self._lock:
            return door_uuid in self._doors

    def has_holder(self, holder_uuid):
        """Whether holder_uuid is a card holder of the site."""
        with self._lock:
            return holder_uuid in self._holders

    def status(self):
        """The lockdowns and the last unlock commands, for GET /sim/status."""
        with self._lock:
            return {"lockdown": sorted(self._lockdown),
                    "commands": [dict(command) for command in self._commands]}

    # -- changing

    def set_lockdown(self, door_uuid, locked):
        """Lock a door down (unlock commands answer 409) or lift it; False for an unknown door."""
        with self._lock:
            if door_uuid not in self._doors:
                return False
            if locked:
                self._lockdown.add(door_uuid)
            else:
                self._lockdown.discard(door_uuid)
            return True

    def unlock(self, door_uuid, command_id, duration_s, actor):
        """Take an unlock command: (HTTP status, door_unlocked event or None).

        404 for an unknown door, 409 when it is in lockdown, else 202. A commandId seen
        before is answered 202 again without a second event (argusd may retry).
        """
        with self._lock:
            door = self._doors.get(door_uuid)
            if door is None:
                status = 404
            elif door_uuid in self._lockdown:
                status = 409
            else:
                status = 202
            self._commands.append({"time": now_iso(), "door_uuid": door_uuid,
                                   "commandId": command_id, "durationS": duration_s,
                                   "actor": dict(actor), "status": status})
            del self._commands[:-MAX_COMMANDS_KEPT]
            if status != 202 or command_id in self._command_ids:
                return status, None
            self._command_ids[command_id] = None
            if len(self._command_ids) > MAX_COMMAND_IDS_REMEMBERED:
                del self._command_ids[next(iter(self._command_ids))]
            event_actor = {"type": "USER", "uuid": actor["uuid"], "name": actor["name"]}
            return status, self._event(door, "door_unlocked", event_actor, None, command_id)

    def badge(self, door_uuid, holder_uuid=None, event_type=None):
        """An event at a door (a random holder when none is given).

        Without event_type it is access_granted when the holder has the door's group,
        access_denied otherwise (and always in lockdown). Raises KeyError("door") or
        KeyError("holder") for unknown ones.
        """
        with self._lock:
            door = self._doors.get(door_uuid)
            if door is None:
                raise KeyError("door")
            if holder_uuid is None:
                holder = self._random.choice(list(self._holders.values()))
            else:
                holder = self._holders.get(holder_uuid)
                if holder is None:
                    raise KeyError("holder")
            return self._badge(door, holder, event_type)

    def scheduled_event(self):
        """A random event for the schedule: mostly badges, rarely held or forced doors."""
        with self._lock:
            door = self._random.choice(list(self._doors.values()))
            holder = self._random.choice(list(self._holders.values()))
            draw = self._random.random()
            if draw < HELD_OPEN_SHARE:
                return self._badge(door, holder, "door_held_open")
            if draw < HELD_OPEN_SHARE + FORCED_OPEN_SHARE:
                return self._badge(door, holder, "door_forced_open")
            return self._badge(door, holder, None)

    # -- helpers (under the lock)

    def _badge(self, door, holder, event_type):
        """The event of holder at door; event_type None: decided by groups and lockdown."""
        message = None
        if event_type is None:
            locked = door["uuid"] in self._lockdown
            allowed = door["accessGroup"] is None or door["accessGroup"] in holder["accessGroups"]
            event_type = "access_granted" if allowed and not locked else "access_denied"
            if locked:
                message = LOCKDOWN_DENIED
        if event_type in ("door_held_open", "door_forced_open"):
            return self._event(door, event_type, {"type": "SYSTEM"}, None, None)
        actor = {"type": "USER", "uuid": holder["uuid"], "name": holder["name"]}
        for field in ("department", "employeeNumber"):  # optional: left out when unknown
            if holder[field] is not None:
                actor[field] = holder[field]
        actor["accessGroups"] = list(holder["accessGroups"])
        actor["avatarUrl"] = holder["avatarUrl"]
        return self._event(door, event_type, actor, holder["cardNumber"], None, message)

    @staticmethod
    def _event(door, event_type, actor, card_number, command_id, message=None):
        """One protocol event."""
        return {
            "id": new_event_id(),
            "time": now_iso(),
            "type": event_type,
            "message": message or MESSAGES[event_type],
            "door": {"uuid": door["uuid"], "name": door["name"]},
            "controller": dict(door["controller"]),
            "actor": actor,
            "cardNumber": card_number,
            "commandId": command_id,
        }
