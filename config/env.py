"""Small typed readers for environment variables (healthchecks' style: no magic, clear errors)."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured


def env_str(name: str, default: str = "") -> str:
    value = os.environ.get(name)
    if value is None:
        path = os.environ.get(f"{name}_FILE")
        if path:
            with open(path, encoding="utf-8") as fh:
                return fh.read().strip()
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value not in ("True", "False", "1", "0", "true", "false"):
        raise ImproperlyConfigured(f"Unexpected value {name}={value}, use True or False")
    return value in ("True", "1", "true")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from None


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def persistent_random_key(path: os.PathLike[str] | str) -> str:
    """A random key kept in ``path`` (mode 0600), made by whichever process asks first.

    Processes that share the directory (the ASGI server, the Celery worker) read the same key; nobody
    outside the machine can guess it. The file appears whole or not at all (written aside, then linked).
    """
    import contextlib
    import secrets
    import tempfile
    from pathlib import Path

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".key-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(secrets.token_urlsafe(48))
            with contextlib.suppress(FileExistsError):  # another process made it first: use theirs
                os.link(tmp, target)
        finally:
            os.unlink(tmp)
    return target.read_text(encoding="utf-8").strip()
