"""Reading card database exports into :class:`~judge.cards.models.Card` rows.

Two shapes are read (see ``shapes.py``): one file per card with every language inside
(``cardElements`` whose abilities are ``cardEffect`` objects with a ``reference`` and typed
parts), and one file per set and language (a list of cards, ``elements`` holding the texts).
The languages of one card are joined by its reference, whatever the files they come from.

:func:`import_paths` reads everything first and writes nothing unless every file is sound; then it
writes in one transaction, leaving unchanged the cards whose content did not change. It opens no
network connection: image addresses in the export are never followed."""

from .problems import ImportProblem, ImportRefused
from .run import ImportReport, import_paths, read_paths

__all__ = ["ImportProblem", "ImportRefused", "ImportReport", "import_paths", "read_paths"]
