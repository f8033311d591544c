"""The site's request protection, in one place (README, Production: "Hostile use", "The front proxy").

* :mod:`~judge.guard.serve`: the serve stack (nginx from ``deploy/nginx.conf`` in front of gunicorn):
  slow clients, body and header limits, per-address and per-network request rates at the door;
* :mod:`~judge.guard.throttles`: request rates by DRF's ``throttle_scope``, per user and per address,
  saves in bytes too, and the engine-time refusal before a request is parsed;
* :mod:`~judge.guard.meter`: engine time per user, network and all anonymous clients, engine slots;
* :mod:`~judge.guard.budget`: one request's budget (a deadline and a step count), given to the
  engine's own ``engine.Budget`` on the same clock;
* :mod:`~judge.guard.counters`, :mod:`~judge.guard.cache`: the sliding windows they count in, on the
  shared cache's atomic operations (a file cache under a lock on one machine, Redis for several);
* :mod:`~judge.guard.login`: login locks (django-axes) per username and address, and per address;
* :mod:`~judge.guard.client`: the client's address (behind trusted proxies) and its network;
* :mod:`~judge.guard.parsers`: the API's JSON parser (too deep, not text: a 400).
"""
