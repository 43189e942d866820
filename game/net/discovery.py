"""Tables on this network, by mDNS (zeroconf): a host advertises `_cardhall._tcp.local.` with its
game, seats free and port; a joining player's Join screen lists what it finds. Optional at run
time: if mDNS cannot start (no multicast, a firewall), advertising and browsing say so once in the
log and do nothing, and the address can be typed instead. The table code is never advertised.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("cardhall.net")

SERVICE = "_cardhall._tcp.local."


@dataclass(frozen=True)
class FoundTable:
    name: str          # the host's name for it
    address: str       # HOST:PORT, as the Join screen connects to it
    game: str          # the variant's title
    open_seats: int

    @property
    def label(self) -> str:
        """How a Join screen lists it: the game and the host's name for the table."""
        return f"{self.game} · {self.name}"


def local_address() -> str:
    """This machine's address on its network, as another machine would reach it (best guess)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))   # (no packet is sent: it only picks a route)
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()



class Advert:
    def __init__(self, zc: Any, info: Any) -> None:
        self._zc, self._info = zc, info

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
            self._zc.close()
        except Exception:   # (shutting down: nothing left to tell anyone)
            pass


def advertise(table: Any, port: int, address: str | None = None) -> Advert | None:
    """Advertise `table` on `port`; None (logged) when mDNS is not available here."""
    try:
        from zeroconf import ServiceInfo, Zeroconf

        ip = address or local_address()
        host = socket.gethostname().split(".")[0][:30] or "cardhall"
        from game.net.host import YOU

        who = "" if table.host_name == YOU else table.host_name[:20]      # (the default name is no name)
        name = " ".join(part for part in (who, host, str(port)) if part)
        info = ServiceInfo(SERVICE, f"{name}.{SERVICE}", addresses=[socket.inet_aton(ip)], port=port,
                           properties={"game": table.variant.title, "open": str(len(table.open_seats())),
                                       "v": "1"}, server=f"{host}-{port}.local.")
        zc = Zeroconf()
        # The server name is the advert's own: two copies on one machine sharing "<host>.local."
        # pooled their address records, and a browser could read one table's address as the other's.
        zc.register_service(info)
        return Advert(zc, info)
    except Exception as exc:   # mDNS is a convenience: the address can always be typed
        log.info("discovery: cannot advertise the table (%s: %s); type the address instead", type(exc).__name__, exc)
        return None


class Browser:
    """Tables found so far (`tables()`), kept up to date in zeroconf's own thread."""

    def __init__(self) -> None:
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self.error: str | None = None
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except Exception as exc:
            self.error = f"{type(exc).__name__}: {exc}"
            log.info("discovery: cannot look for tables (%s); type the address instead", self.error)

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change.name == "Removed":
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = None
            for _ in range(3):   # an answer can be slow on a busy machine or network: ask again
                info = zeroconf.get_service_info(service_type, name, timeout=1500)
                if info is not None and info.parsed_addresses():
                    break
            if info is None or not info.parsed_addresses():
                return
            props = {k.decode(errors="replace"): (v or b"").decode(errors="replace")[:40]
                     for k, v in (info.properties or {}).items()}
            found = FoundTable(name.removesuffix("." + SERVICE)[:40], f"{info.parsed_addresses()[0]}:{info.port}",
                               props.get("game", "?"), int(props["open"]) if props.get("open", "").isdigit() else 0)
        except Exception:   # an answer that is not a table's: ignored
            return
        with self._lock:
            self._found[name] = found

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: t.name)

    def close(self) -> None:
        if self._zc is not None:
            try:
                self._zc.close()
            except Exception:
                pass
