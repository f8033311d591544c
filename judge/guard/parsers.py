"""The API's JSON parser (settings ``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``: every endpoint's).

DRF's, refusing with a 400 what it let through to a 500: nesting deep enough for ``json`` to raise
RecursionError (or to reach recursive code further on: the checker, the engine, saving the JSON
field), and strings that are not text (:data:`NOT_TEXT`: a lone surrogate echoed into an error message
could not be encoded).
"""

from __future__ import annotations

import re

from rest_framework import parsers
from rest_framework.exceptions import ParseError

#: A scenario document is about 6 levels deep; far below what Python's recursive code can take.
MAX_JSON_DEPTH = 64
#: Not text: a lone surrogate cannot be encoded (the JSON renderer raised UnicodeEncodeError, a
#: 500) nor stored by PostgreSQL, which refuses NUL in text and jsonb as well.
NOT_TEXT = re.compile("[\x00\ud800-\udfff]")


def _unacceptable(value) -> str | None:
    """Why parsed JSON cannot be taken (too deep, characters that are not text), or None.
    Iterative: never recurses itself."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return f"plus de {MAX_JSON_DEPTH} niveaux d'imbrication"
        if isinstance(node, str):
            if NOT_TEXT.search(node):
                return "un caractère NUL ou une moitié de paire UTF-16 isolée (\\ud800-\\udfff) dans une chaîne"
        elif isinstance(node, dict):
            stack.extend((key, depth + 1) for key in node)
            stack.extend((child, depth + 1) for child in node.values())
        elif isinstance(node, list):
            stack.extend((child, depth + 1) for child in node)
    return None


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing with a 400 what it let through to a 500: nesting deep enough
    for ``json`` to raise RecursionError (or to reach recursive code further on: the checker, the
    engine, saving the JSON field), and strings that are not text (see :data:`NOT_TEXT`)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON refusé : plus de {MAX_JSON_DEPTH} niveaux d'imbrication") from None
        if reason := _unacceptable(data):
            raise ParseError(f"JSON refusé : {reason}")
        return data
