"""Counts over a sliding window, kept in the cache every worker (and every node) shares: requests of a
throttle scope, microseconds of engine time. Only the cache's own operations, each one step for all
processes: ``add`` then ``incr`` where the cache makes them atomic (Redis: ``SET NX``, ``INCRBY``), the
same under the file cache's lock (:class:`judge.guard.cache.SharedFileCache`: a ``get`` and a ``set``
under an ``flock``). No read-modify-write of a list or a tuple that two workers could interleave.

A rate ``limit`` per ``period`` seconds counts into one key per period (``key:N``, N = now // period);
the level now is this period's count plus the previous period's, weighted by the part of it still
inside the window: ``current + previous × (1 − elapsed / period)``. The clock is :data:`clock`
(seconds), replaced by the tests.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

#: The guard's clock (wall seconds, the same on every node): tests replace it.
clock = time.time

RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*/\s*(\d*)\s*([smhd])[a-z]*\s*$")
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str | None) -> tuple[float, float] | None:
    """``"10/min"`` → (10, 60): a limit per period of seconds; also ``/s``, ``/h``, ``/d``, ``/20s``.
    None or empty (no rate): not limited."""
    if not rate:
        return None
    match = RATE.match(rate)
    if not match:
        raise ValueError(f"rate « {rate} »: expected count/period, e.g. 10/min or 3/20s")
    return float(match[1]), float(int(match[2] or 1) * PERIODS[match[3]])


def incr(cache, key: str, delta: int, timeout: float) -> int:
    """Add ``delta`` to the integer at ``key`` (created at 0, living ``timeout`` s): its new value."""
    lock = getattr(cache, "lock", None)
    if lock is not None:
        with lock():
            value = int(cache.get(key) or 0) + delta
            cache.set(key, value, timeout)
            return value
    for _ in range(3):
        cache.add(key, 0, timeout)
        try:
            return int(cache.incr(key, delta))
        except ValueError:  # expired between add and incr
            continue
    raise RuntimeError(f"the shared cache lost {key} three times")


@dataclass(frozen=True)
class Window:
    cache: object
    key: str
    limit: float
    period: float

    def _now(self) -> tuple[int, float]:
        now = clock()
        return int(now // self.period), (now % self.period) / self.period

    def level(self) -> float:
        index, elapsed = self._now()
        found = self.cache.get_many([f"{self.key}:{index}", f"{self.key}:{index - 1}"])
        current, previous = found.get(f"{self.key}:{index}", 0), found.get(f"{self.key}:{index - 1}", 0)
        return current + previous * (1 - elapsed)

    def add(self, amount: int) -> float:
        """Count ``amount``; the level after it."""
        index, elapsed = self._now()
        current = incr(self.cache, f"{self.key}:{index}", amount, 2 * self.period + 60)
        previous = self.cache.get(f"{self.key}:{index - 1}", 0)
        return current + previous * (1 - elapsed)

    def wait(self, level: float | None = None) -> float | None:
        """Seconds until the level falls under the limit; None when it is under now."""
        index, elapsed = self._now()
        found = self.cache.get_many([f"{self.key}:{index}", f"{self.key}:{index - 1}"])
        current, previous = found.get(f"{self.key}:{index}", 0), found.get(f"{self.key}:{index - 1}", 0)
        if current + previous * (1 - elapsed) < self.limit:
            return None
        if current >= self.limit:  # this period alone is over: into the next one, until it weighs less
            return (1 - elapsed) * self.period + self.period * (1 - self.limit / current)
        return max(0.0, self.period * (1 - (self.limit - current) / previous) - elapsed * self.period)
