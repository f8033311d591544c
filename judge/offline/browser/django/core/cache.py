"""``django.core.cache.cache`` in the browser: a dict (one page, one process)."""


class _Cache(dict):
    def set(self, key, value, timeout=None):
        self[key] = value

    def get_or_set(self, key, compute, timeout=None):
        if key not in self:
            self[key] = compute() if callable(compute) else compute
        return self[key]


cache = _Cache()
