"""YAML composed fast: libyaml's parser (PyYAML's C extension, when installed) reads the
events, and ruamel.yaml's own YAML 1.2 resolver and nodes make the graph, so the result is
the node graph ruamel's pure composer would build, about ten times sooner.

Only plain documents take this path: one document, no directive, no tags, no tab (libyaml
takes some that ruamel refuses), no character ruamel refuses, nesting within the limit.
Anything else (or no libyaml) answers :data:`SLOW`, and the caller composes with ruamel's
pure-Python reader, whose messages are the ones users see. Aliases stay shared nodes
(never expanded), as ruamel's composer leaves them.

>>> from ruamel.yaml import YAML
>>> node = compose("seats: {2: [red?, yes]}", YAML(typ="safe", pure=True), 64)
>>> node is SLOW or all(str(v.tag).endswith(":str") for v in node.value[0][1].value[0][1].value)
True
>>> compose("!!str 3", YAML(typ="safe", pure=True), 64) is SLOW
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Final

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import Reader

SLOW: Final = object()
"""The answer when this reader cannot compose the text: use the pure-Python one."""


class _FallbackError(Exception):
    """A document the fast path leaves to ruamel's pure-Python reader."""


def _libyaml() -> Any:
    """PyYAML's module when its C extension (libyaml) is there, else ``None``."""
    try:
        yaml = import_module("yaml")
    except ImportError:
        return None
    return yaml if getattr(yaml, "__with_libyaml__", False) else None


_YAML = _libyaml()


def compose(text: str, loader: Any, max_depth: int) -> Node | object | None:
    """The node graph of ``text`` (``None`` for no document), or :data:`SLOW`.

    ``loader`` is the ruamel ``YAML`` object whose resolver names the tags; a nesting
    deeper than ``max_depth`` answers :data:`SLOW` at once (the pure reader refuses it).
    """
    if _YAML is None or "\t" in text or Reader.NON_PRINTABLE.search(text):
        return SLOW
    try:
        return _Composer(loader.resolver, max_depth).run(_YAML.parse(text, _YAML.CSafeLoader))
    except (_FallbackError, _YAML.YAMLError):
        return SLOW


class _Composer:
    """ruamel nodes from libyaml's events, iteratively (no recursion)."""

    def __init__(self, resolver: Any, max_depth: int) -> None:
        self.resolver = resolver
        self.max_depth = max_depth
        self.anchors: dict[str, Node] = {}
        self.tags: dict[tuple[Any, ...], Any] = {}  # resolved once per distinct scalar

    def run(self, events: Any) -> Node | None:
        root: Node | None = None
        open_nodes: list[Node] = []
        keys: list[Node | None] = []  # per open mapping: the key waiting for its value
        documents = 0
        for event in events:
            kind = type(event).__name__
            if kind == "DocumentStartEvent":
                documents += 1
                if documents > 1 or event.version is not None or event.tags:
                    raise _FallbackError  # a second document, a %YAML or %TAG directive
                continue
            if kind in ("StreamStartEvent", "StreamEndEvent", "DocumentEndEvent"):
                continue
            if kind in ("SequenceEndEvent", "MappingEndEvent"):
                open_nodes.pop().end_mark = event.end_mark
                keys.pop()
                continue
            node = self.node(kind, event)
            if len(open_nodes) >= self.max_depth and kind != "AliasEvent":
                raise _FallbackError
            if not open_nodes:
                root = node
            elif isinstance(open_nodes[-1], MappingNode):
                if keys[-1] is None:
                    keys[-1] = node
                else:
                    open_nodes[-1].value.append((keys[-1], node))
                    keys[-1] = None
            else:
                open_nodes[-1].value.append(node)
            if kind in ("SequenceStartEvent", "MappingStartEvent"):
                open_nodes.append(node)
                keys.append(None)
        return root

    def node(self, kind: str, event: Any) -> Node:
        if kind == "AliasEvent":
            if event.anchor not in self.anchors:
                raise _FallbackError  # an undefined alias: ruamel names it
            return self.anchors[event.anchor]
        if event.tag not in (None, "!"):
            raise _FallbackError  # an explicit tag: ruamel's constructor decides
        node: Node
        if kind == "ScalarEvent":
            tag = self.tag(ScalarNode, event.value, event.implicit)
            style = event.style or None  # libyaml writes a plain style as ""
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=style)
        elif kind == "SequenceStartEvent":
            tag = self.tag(SequenceNode, None, event.implicit)
            node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
        else:
            tag = self.tag(MappingNode, None, event.implicit)
            node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        return node

    def tag(self, kind: type[Node], value: str | None, implicit: Any) -> Any:
        """ruamel's YAML 1.2 tag for a node (memoized: a record repeats its values)."""
        key = (kind, value, implicit)
        if key not in self.tags:
            self.tags[key] = self.resolver.resolve(kind, value, implicit)
        return self.tags[key]
