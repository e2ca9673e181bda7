"""Python client for chartd, the incremental chart-rendering daemon (stdlib only).

    import chartd
    with chartd.Client() as client:              # binary from CHARTD or PATH
        doc = client.open("mem://prices", spec)
        doc.append_entries("price", [[t, v]], max_entries=500)
        svg = doc.svg                           # the mirror, already patched
"""

from . import edits
from .client import CLIENT_VERSION, EVENTS, Client
from .daemon import find_binary
from .document import Document
from .errors import ChartdError, ConnectionLostError, DaemonNotFoundError, ErrorCode, PatchMismatchError
from .mirror import SvgMirror, region_id, split_svg
from .replay import SpecReplay, merge_patch
from .types import Fragment, HitTarget, Insertion, LegendMoreItem, Patch, Render, ServerInfo, Splice, SvgText

__version__ = CLIENT_VERSION

__all__ = [
    "Client",
    "Document",
    "edits",
    "find_binary",
    "ChartdError",
    "ConnectionLostError",
    "DaemonNotFoundError",
    "ErrorCode",
    "PatchMismatchError",
    "SvgMirror",
    "SpecReplay",
    "merge_patch",
    "region_id",
    "split_svg",
    "Fragment",
    "HitTarget",
    "Insertion",
    "LegendMoreItem",
    "Patch",
    "Render",
    "ServerInfo",
    "Splice",
    "SvgText",
    "EVENTS",
]
