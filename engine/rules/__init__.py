"""The rules of the seeds, one small function per daily effect or keyword action.

Each function names its rule numbers with ``@implements`` (see :mod:`.registry`); the step
functions are wired to the game's cursor in :mod:`.flow`.
"""
