"""The two modules of the site's ``judge`` package that the browser runs: ``judge.scenarios.runner``
(unchanged, sent as it is) and ``judge.guard.budget`` (this folder's: the engine's own budget, no
signals, no meter)."""
