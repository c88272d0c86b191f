"""Plain data: what states, actions, events and views are made of.

Allowed: None, bool, int, float, str, list, dict with str keys, and the small value
classes registered here (encoded as ``{"$": KIND, "v": plain}``). Everything else is a
bug, reported at once, so that saves, digests and msgpack frames never surprise us.
"""

import hashlib
import json
from typing import Any

from .errors import SetupError
from .rng import Rng
from .simultaneous import SecretChoices

VALUE_CLASSES = {cls.KIND: cls for cls in (Rng, SecretChoices)}

_SCALARS = (type(None), bool, int, float, str)


def encode(value: Any) -> Any:
    """A deep, plain copy of ``value``."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise TypeError(f"state dict keys must be str, got {key!r}")
            out[key] = encode(v)
        return out
    kind = getattr(value, "KIND", None)
    if kind in VALUE_CLASSES and isinstance(value, VALUE_CLASSES[kind]):
        return {"$": kind, "v": value.to_plain()}
    raise TypeError(f"not plain data: {type(value).__name__}")


def decode(value: Any) -> Any:
    """Inverse of `encode`; raises SetupError on anything it does not recognise."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if "$" in value:
            cls = VALUE_CLASSES.get(value["$"])
            if cls is None or set(value) != {"$", "v"}:
                raise SetupError(f"unknown value class in state: {value.get('$')!r}")
            try:
                return cls.from_plain(value["v"])
            except (KeyError, TypeError, ValueError) as exc:
                raise SetupError(f"corrupt {value['$']} value in state") from exc
        return {str(k): decode(v) for k, v in value.items()}
    raise SetupError(f"not plain data in state: {type(value).__name__}")


def digest_of(plain: Any) -> str:
    """A stable hash of plain data: same data, same digest, on every machine."""
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
