"""Reading records and rules files: YAML 1.2, JSON and TOML, with one-line errors.

>>> parse_yaml("hands: {2: [hunter?, sheep]}")
{'hands': {2: ['hunter?', 'sheep']}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .errors import InvalidRecordError


def parse_yaml(text: str) -> Any:
    """Parse YAML 1.2 (so that ``[hunter?, sheep]`` reads as two card names).

    >>> parse_yaml("hands: {2: [hunter?, sheep]}")
    {'hands': {2: ['hunter?', 'sheep']}}
    """
    return YAML(typ="safe", pure=True).load(text)


def read_document(path: Path) -> Mapping[str, Any]:
    """Parse a YAML or JSON file into a mapping, with a one-line error on failure."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecordError(f"{path}: cannot read: {error.strerror}") from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else parse_yaml(text)
    except json.JSONDecodeError as error:
        raise InvalidRecordError(f"{path}: not valid JSON: {error}") from None
    except YAMLError as error:
        where = getattr(error, "problem_mark", None)
        at = f" at line {where.line + 1}, column {where.column + 1}" if where else ""
        problem = getattr(error, "problem", None) or "syntax error"
        hint = " (write '?' in quotes)" if "'?'" in str(error) else ""
        raise InvalidRecordError(f"{path}: not valid YAML{at}: {problem}{hint}") from None
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"{path}: a record is a mapping of fields")
    return data
