"""The API's pagination: DRF's limit/offset, bounded (a limit of 2**63 reached SQLite as an integer
it cannot hold: a 500 found by the schemathesis fuzz)."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination

#: the largest offset accepted: far beyond any listing, well inside a 64-bit integer
MAX_OFFSET = 10**9


class Pagination(LimitOffsetPagination):
    max_limit = 200

    def get_offset(self, request) -> int:
        return min(super().get_offset(request), MAX_OFFSET)
