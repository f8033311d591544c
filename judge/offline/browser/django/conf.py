"""``django.conf.settings`` in the browser: the settings the search package reads, set by
``arbitre_offline.configure``."""

from types import SimpleNamespace

settings = SimpleNamespace(
    BASE_DIR="/arbitre",
    ARBITRE_INDEX_DIR="/arbitre-index",
    ARBITRE_DEFAULT_RULESET="fr-1",
    # the browser holds one index build for the page's life: results are computed each time, as
    # the server's benches measure them (ARBITRE_SEARCH_CACHE=0)
    ARBITRE_SEARCH_CACHE=False,
)
