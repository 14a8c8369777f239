from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    if isinstance(mapping, dict):
        return mapping.get(key, mapping.get(str(key), ""))
    if isinstance(mapping, list | tuple) and isinstance(key, int) and 0 <= key < len(mapping):
        return mapping[key]
    return ""


@register.filter
def seat_scores(scores: dict[str, Any], position: int) -> dict[str, Any]:
    return scores.get(str(position), {}) if isinstance(scores, dict) else {}


@register.filter
def score_keys(result: dict[str, Any]) -> list[str]:
    keys: list[str] = []
    for row in (result.get("scores") or {}).values():
        for k in row:
            if k not in keys:
                keys.append(k)
    return keys
