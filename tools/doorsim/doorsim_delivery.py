"""The signed webhook delivery of doorsim: a queue of events and the thread that POSTs them.

Events go out in order, in batches of at most 100 events and 256 KB, each POST signed
the Argus door partner protocol v1 way (X-Argus-Timestamp, X-Argus-Signature). Connection
errors, timeouts, 429 and 5xx are retried with a backoff (0.5 s doubling up to 10 s),
other answers that are not 2xx drop the batch. At most 10,000 events wait; beyond that
the oldest are dropped.
"""

import collections
import hashlib
import hmac
import http.client
import json
import threading
import time
import urllib.parse

MAX_PENDING = 10000
MAX_BATCH_EVENTS = 100
MAX_BATCH_BYTES = 256 * 1024
FIRST_BACKOFF_S, MAX_BACKOFF_S = 0.5, 10.0
POST_TIMEOUT_S = 10.0
BATCH_PREFIX, BATCH_SUFFIX = b'{"events":[', b"]}"


def sign(secret, timestamp, body):
    """The X-Argus-Signature value of body sent at timestamp (Unix seconds)."""
    message = str(timestamp).encode("ascii") + b"." + body
    return "v1=" + hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def batch_body(encoded_events):
    """The raw body {"events":[...]} of already encoded events."""
    return BATCH_PREFIX + b",".join(encoded_events) + BATCH_SUFFIX


class DeliveryQueue:
    """Pending events and the thread delivering them to the webhook URL."""

    def __init__(self, url, secret, log, max_pending=MAX_PENDING):
        self._url = urllib.parse.urlsplit(url)
        self._target = (self._url.path or "/") + (f"?{self._url.query}" if self._url.query else "")
        self._secret = secret
        self._log = log
        self._max_pending = max_pending
        self._queue = collections.deque()  # (event id, encoded JSON) not yet taken
        self._in_flight = []  # the batch being sent (and retried)
        self._counts = {"delivered": 0, "dropped": 0, "dropped_overflow": 0,
                        "dropped_refused": 0, "rejected_by_argusd": 0, "failed_attempts": 0}
        self._last_error = None
        self._condition = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="doorsim-delivery", daemon=True)

    # -- API for the other threads

    def start(self):
        """Start the delivery thread."""
        self._thread.start()

    def stop(self):
        """Stop the delivery thread soon (pending events are not sent)."""
        with self._condition:
            self._stopping = True
            self._condition.notify_all()
        self._thread.join(1.0)  # a POST under way is abandoned (the thread is a daemon)

    def put(self, event):
        """Queue one event; drops the oldest waiting one when the queue is full."""
        encoded = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        with self._condition:
            while self._queue and len(self._queue) + len(self._in_flight) >= self._max_pending:
                dropped_id, _ = self._queue.popleft()
                self._counts["dropped"] += 1
                self._counts["dropped_overflow"] += 1
                if self._counts["dropped_overflow"] % 1000 == 1:
                    self._log(f"queue full ({self._max_pending} events): dropped the oldest "
                              f"({dropped_id}); {self._counts['dropped_overflow']} so far")
            self._queue.append((event["id"], encoded))
            self._condition.notify_all()

    def status(self):
        """Counters for GET /sim/status."""
        with self._condition:
            answer = {"pending": len(self._queue) + len(self._in_flight)}
            answer.update(self._counts)
            answer["last_error"] = self._last_error
            return answer

    # -- the delivery thread

    def _run(self):
        """Take batches in order and deliver each until it is sent, dropped, or we stop."""
        while True:
            with self._condition:
                while not self._queue and not self._stopping:
                    self._condition.wait()
                if self._stopping:
                    return
                batch = self._take_batch()
            self._deliver(batch)
            with self._condition:
                self._in_flight = []

    def _take_batch(self):
        """Move the oldest events (≤ 100, ≤ 256 KB) to the in-flight batch (under the lock)."""
        size = len(BATCH_PREFIX) + len(BATCH_SUFFIX)
        batch = []
        while self._queue and len(batch) < MAX_BATCH_EVENTS:
            extra = len(self._queue[0][1]) + (1 if batch else 0)
            if batch and size + extra > MAX_BATCH_BYTES:
                break
            size += extra
            batch.append(self._queue.popleft())
        self._in_flight = batch
        return batch

    def _deliver(self, batch):
        """POST one batch, retrying as the protocol allows, until it is done or we stop."""
        body = batch_body([encoded for _, encoded in batch])
        backoff = FIRST_BACKOFF_S
        while True:
            outcome, detail = self._post(body)
            with self._condition:
                if outcome == "delivered":
                    self._counts["delivered"] += len(batch)
                    self._last_error = None
                    answer = detail
                    break
                self._last_error = detail
                if outcome == "refused":
                    self._counts["dropped"] += len(batch)
                    self._counts["dropped_refused"] += len(batch)
                    self._log(f"delivery of {len(batch)} events refused ({detail}); dropped")
                    return
                self._counts["failed_attempts"] += 1
                self._log(f"delivery of {len(batch)} events failed ({detail}); "
                          f"retrying in {backoff:g} s")
                self._condition.wait_for(lambda: self._stopping, timeout=backoff)
                if self._stopping:
                    return
            backoff = min(backoff * 2, MAX_BACKOFF_S)
        self._report_rejections(answer)

    def _post(self, body):
        """One signed POST: ("delivered", answer text), ("retry", why) or ("refused", why)."""
        timestamp = int(time.time())
        headers = {"Content-Type": "application/json",
                   "X-Argus-Timestamp": str(timestamp),
                   "X-Argus-Signature": sign(self._secret, timestamp, body),
                   "User-Agent": "doorsim/1"}
        connection_class = (http.client.HTTPSConnection if self._url.scheme == "https"
                            else http.client.HTTPConnection)
        connection = connection_class(self._url.hostname, self._url.port,
                                      timeout=POST_TIMEOUT_S)
        try:
            connection.request("POST", self._target, body=body, headers=headers)
            reply = connection.getresponse()
            text = reply.read(64 * 1024).decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as error:
            return "retry", f"{type(error).__name__}: {error}"
        finally:
            connection.close()
        if 200 <= reply.status < 300:
            return "delivered", text
        why = f"HTTP {reply.status} {text.strip()[:200]}"
        if reply.status == 429 or reply.status >= 500:
            return "retry", why
        return "refused", why

    def _report_rejections(self, answer_text):
        """Log the events argusd judged and rejected in its 200 answer."""
        try:
            rejected = json.loads(answer_text).get("rejected") or []
        except (ValueError, AttributeError):
            return
        if not isinstance(rejected, list):
            return
        with self._condition:
            self._counts["rejected_by_argusd"] += len(rejected)
        for item in rejected:
            if isinstance(item, dict):
                self._log(f"argusd rejected event {item.get('id')}: {item.get('reason')}")
