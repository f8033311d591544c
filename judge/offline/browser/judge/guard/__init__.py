"""The browser's stand-in for the site's guard: only :mod:`judge.guard.budget`."""
