"""The client's IP address, the same way for login throttling (axes) and DRF's throttles.

Without a proxy (``ARBITRE_PROXY_COUNT=0``, the default) it is ``REMOTE_ADDR``: X-Forwarded-For is
ignored, since any client can send one. Behind ``ARBITRE_PROXY_COUNT`` = N trusted reverse proxies,
each appending the address it saw to X-Forwarded-For, it is the N-th address from the right: the one
the outermost proxy saw; whatever the client put on the left is ignored. This is DRF's own rule for
its ``NUM_PROXIES`` setting, which settings.py sets to the same number.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    remote_addr = request.META.get("REMOTE_ADDR")
    proxies = settings.ARBITRE_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if not proxies or not forwarded:
        return remote_addr
    addresses = [part.strip() for part in forwarded.split(",")]
    return addresses[-min(proxies, len(addresses))] or remote_addr


def network(ip: str | None) -> str:
    """The network an address belongs to as far as sharing goes: its IPv4 /24 or its IPv6 /64 (one
    subscriber's, or one host's: handing out new addresses in it costs nothing), ``unknown`` for none."""
    try:
        address = ipaddress.ip_address((ip or "").strip())
    except ValueError:
        return "unknown"
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = 24 if address.version == 4 else 64
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))
