"""The machine's address on the local network, found without sending anything."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
# A UDP "connect" only chooses the route (and so the local address): no packet leaves. The
# address is one of the private ranges, so no route to the internet is needed either.
_PROBE = ("10.254.254.254", 9)


def lan_address() -> str:
    """The IPv4 address other devices on the network reach this one at; 127.0.0.1 without a
    network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    try:
        address = ipaddress.IPv4Address(found)
    except ValueError:
        return LOOPBACK
    return LOOPBACK if address.is_unspecified else found
