"""The cache every worker process of this machine shares: request counts and each client's
engine time, in files under ``var/shared-cache/`` (the ``shared`` cache of settings.py).

Django's file-based cache, chosen over its database cache: on the embedded SQLite, a database cache
would turn every throttled request (each search, each suggestion) into a write transaction on the file
judges' saves write to, queueing behind them and them behind it; files need no table, no service, and
a reader never waits. Two additions:

* :meth:`SharedFileCache.lock`: an exclusive lock (``flock`` on ``lock`` in the cache's folder) for a
  read-modify-write sequence (a counter of judge/guard/counters.py), so that two workers
  updating one counter at once do not lose an update. Held for a file read and a write; the kernel
  drops it if the process dies.
* Culling (removing entries past ``MAX_ENTRIES``) lists the folder; Django does it at every write,
  which costs milliseconds with thousands of entries: here at most once every :data:`CULL_SECONDS`
  per process. Expired entries are removed when read, as in Django.

Each machine has its own: several nodes set REDIS_URL instead (settings.py), the counters in Redis.
"""

from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager

from django.core.cache.backends.filebased import FileBasedCache

CULL_SECONDS = 30.0


class SharedFileCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._culled = 0.0

    @contextmanager
    def lock(self):
        """Exclusive across processes (and across threads: each call opens its own descriptor)."""
        self._createdir()
        descriptor = os.open(os.path.join(self._dir, "lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)  # closing the descriptor releases the lock

    def _cull(self):
        now = time.monotonic()
        if now - self._culled < CULL_SECONDS:
            return
        self._culled = now
        super()._cull()
