"""The request protection of the site: see judge/guard/README (budget, throttles, login locks, the serve stack)."""
