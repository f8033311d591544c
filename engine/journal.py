"""The only place the state is mutated: four primitives that record their inverse.

A step's operations are kept as a list of tuples; :func:`revert` undoes them in reverse order.
This is how :meth:`engine.Game.undo` goes back one step exactly without copying the state.
"""

from __future__ import annotations

from typing import Any

_MISSING = object()
SET, SETITEM, INSERT, POP = range(4)


class Journal:
    """Mutation primitives; when `ops` is a list, every change appends its inverse to it."""

    __slots__ = ("ops",)

    def __init__(self) -> None:
        self.ops: list[tuple] | None = None

    def set(self, obj: Any, attr: str, value: Any) -> None:
        old = getattr(obj, attr)
        if old is value:
            return
        if self.ops is not None:
            self.ops.append((SET, obj, attr, old))
        setattr(obj, attr, value)

    def setitem(self, d: dict, key: Any, value: Any = _MISSING) -> None:
        """d[key] = value, or delete d[key] when no value is given."""
        old = d.get(key, _MISSING)
        if self.ops is not None:
            self.ops.append((SETITEM, d, key, old))
        if value is _MISSING:
            d.pop(key, None)
        else:
            d[key] = value

    def insert(self, lst: list, index: int, item: Any) -> None:
        if index < 0 or index > len(lst):
            index = len(lst)
        if self.ops is not None:
            self.ops.append((INSERT, lst, index))
        lst.insert(index, item)

    def pop(self, lst: list, index: int) -> Any:
        item = lst.pop(index)
        if self.ops is not None:
            self.ops.append((POP, lst, index, item))
        return item


def revert(ops: list[tuple]) -> None:
    """Undo recorded operations, newest first."""
    for op in reversed(ops):
        kind = op[0]
        if kind == SET:
            setattr(op[1], op[2], op[3])
        elif kind == SETITEM:
            if op[3] is _MISSING:
                op[1].pop(op[2], None)
            else:
                op[1][op[2]] = op[3]
        elif kind == INSERT:
            op[1].pop(op[2])
        else:
            op[1].insert(op[2], op[3])
