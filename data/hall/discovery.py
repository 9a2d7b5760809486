"""Laptops of a hall finding each other on the hall's network (``_tengen._tcp`` by zeroconf):
a serving laptop announces its address with its hall's id, and adds every laptop of the same
hall it hears of to its known peers.  The id is derived from the secret (it says nothing of
it), so two halls in one building never mix; a laptop found is still only fetched from with
the token, and its events still verified."""

from __future__ import annotations

import hashlib
import hmac
import socket

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from data.hall import secret as signing
from data.hall.repo import HallRepo

SERVICE = "_tengen._tcp.local."


def hall_id(secret: str) -> str:
    return hmac.new(signing.normal(secret).encode(), b"tengen-hall-id", hashlib.sha256).hexdigest()[:16]


class Discovery(ServiceListener):
    """Announced while it lives; ``close`` withdraws the announcement."""

    def __init__(self, repo: HallRepo, device: str, bind: str, port: int) -> None:
        self.repo = repo
        self.device = device
        self.hall = hall_id(repo.secret)
        everywhere = bind in ("", "0.0.0.0")
        if everywhere:
            self.zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
        else:
            self.zeroconf = Zeroconf(interfaces=[bind], ip_version=IPVersion.V4Only)
        from data.hall.serve import reachable

        address = reachable(bind)
        self.info = ServiceInfo(SERVICE, f"{device}.{SERVICE}", addresses=[socket.inet_aton(address)], port=port,
                                properties={"hall": self.hall, "device": device})  # fmt: skip
        self.zeroconf.register_service(self.info)
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, self)

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=2000)
        if info is None or info.properties.get(b"hall") != self.hall.encode():
            return
        if info.properties.get(b"device") == self.device.encode() or not info.addresses or not info.port:
            return
        self.repo.add_peers([f"http://{socket.inet_ntoa(info.addresses[0])}:{info.port}"])

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        pass  # a laptop gone stays a known peer: it may come back; a fetch that fails says so

    def close(self) -> None:
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()
