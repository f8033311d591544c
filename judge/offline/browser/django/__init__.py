"""In the browser only: the few names of Django that ``rules_ref.search`` reads (see README.md)."""
