"""Safe YAML loading that remembers where each value stood (for file:line:col errors)."""

from __future__ import annotations

import re

import yaml

from ..errors import ScenarioError, Span, excerpt
from ..grammar.typography import plain

# PyYAML's names for the tokens it expected or found, in words.
YAML_TOKENS = {
    "<block end>": "the end of the indented block",
    "<block mapping start>": "a new indented 'key: value' line",
    "<block sequence start>": "a '- item' list",
    "<block collection start>": "an indented block",
    "<flow mapping start>": "'{'",
    "<flow sequence start>": "'['",
    "<flow mapping end>": "'}'",
    "<flow sequence end>": "']'",
    "<scalar>": "a value",
    "<document start>": "'---'",
    "<document end>": "the end of the document",
    "<stream end>": "the end of the file",
}


# Bounds on a scenario from a stranger (docs/security.md, "Time and memory bounds").
MAX_YAML_CHARS = 4_000_000        # the longest scenario text read
MAX_YAML_DEPTH = 50               # lists and mappings inside each other (a scenario needs ~8)
MAX_YAML_VALUES = 100_000         # values built, counting each time an alias repeats one
MAX_YAML_DIGITS = 18              # the longest whole number (a seed, a counter, a square)


# Curly quotes around a whole plain value are its quotes, as straight ones would be in YAML.
_CURLY_PAIRS = ("\u201c\u201d", "\u2018\u2019")


class _DepthBoundLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing to compose lists and mappings nested too deep.

    PyYAML composes nested collections by recursion; the bound keeps it (and `_Builder`)
    far from Python's recursion limit.
    """

    def __init__(self, stream):
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent, index):
        self.depth += 1
        try:
            if self.depth > MAX_YAML_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _TooDeep(Exception):
    def __init__(self, mark):
        super().__init__("too deep")
        self.mark = mark


def load_located(text: str, path: str, plain_text: bool = False):
    """Safe-load YAML; return (data, marks) where marks maps a key path to its Span.

    `plain_text`: each text value is read as card text reads it, typographic characters as
    their plain forms (grammar/typography.py), so a scenario names "Mariner’s Curse" as the
    card file does with either apostrophe; a value written wholly in curly quotes (“Kiln
    Herald”) is read as if YAML's own quotes stood there.
    """
    if len(text) > MAX_YAML_CHARS:
        raise ScenarioError(f"the scenario is {len(text):,} characters long; at most "
                            f"{MAX_YAML_CHARS:,} are read", Span(path, 1, 1, 1, 2), code="S001",
                            hint="a scenario sets up one situation: keep it short")
    try:
        root = yaml.compose(text, Loader=_DepthBoundLoader)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, path) from None
    except _TooDeep as exc:
        line, col = exc.mark.line + 1, exc.mark.column + 1
        raise _too_deep(Span(path, line, col, line, col + 1), text) from None
    marks: dict = {}
    if root is None:
        return {}, marks
    data = _Builder(path, text, marks, plain_text).build(root, (), ())
    return data, marks


def _too_deep(span: Span, text: str) -> ScenarioError:
    return ScenarioError(f"the YAML nests more than {MAX_YAML_DEPTH} lists or mappings deep",
                         span, code="S001",
                         hint="a scenario's values nest a few levels: setup, player, zone, "
                              "card").with_source(text)


def yaml_error(exc: yaml.YAMLError, text: str, path: str) -> ScenarioError:
    """A PyYAML failure as a ScenarioError in words, at the line it concerns."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = (getattr(exc, "problem", None) or str(exc)).strip()
    context = (getattr(exc, "context", None) or "").strip()
    ctx_mark = getattr(exc, "context_mark", None)
    lines = text.splitlines()
    message, hint, at_context = _explain(problem, context, ctx_mark, lines, mark)
    if at_context and ctx_mark is not None:
        mark = ctx_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    return ScenarioError(message, Span(path, line, col, line, col + 1), hint=hint,
                         code="S001").with_source(text)


def _explain(problem: str, context: str, ctx_mark, lines, mark):
    """(message, hint, point at the context mark instead of the problem mark)."""
    src = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
    col = mark.column if mark is not None else 0
    if "'\\t'" in problem or "\t" in problem or (src[:col + 1].strip() == "" and
                                                   "\t" in src[:col + 1]):
        return ("a tab where YAML needs spaces",
                "indent with spaces only; YAML does not accept tabs for indentation", False)
    unclosed = "stream end" in problem or "end of stream" in problem
    if unclosed and "quoted scalar" in context:
        return ("this quote is never closed", "close the text with the same quote mark", True)
    if unclosed and "flow sequence" in context:
        return ("this '[' is never closed", "close the list with ']'", True)
    if unclosed and "flow mapping" in context:
        return ("this '{' is never closed", "close the mapping with '}'", True)
    if "flow sequence" in context and "expected ',' or ']'" in problem:
        return ("this '[' is not closed where the list should end",
                "close the list with ']' before the next key", True)
    if "flow mapping" in context and "expected ',' or '}'" in problem:
        return ("this '{' is not closed where the mapping should end",
                "close the mapping with '}' before the next key", True)
    if problem.startswith("expected <block end>") and ctx_mark is not None:
        return ("this line is indented differently from the lines before it",
                f"the block it should belong to starts at line {ctx_mark.line + 1}, column "
                f"{ctx_mark.column + 1}; line its key up with the keys there", False)
    if problem == "mapping values are not allowed here":
        return ("a ':' where a value was expected",
                "a value that contains ': ' must be quoted (name: \"A: B\"); "
                "a new key goes on its own line", False)
    if problem.startswith("could not find expected ':'"):
        return ("a key without ':' after it", "write each entry as 'key: value'", True)
    if "found character" in problem and "cannot start any token" in problem:
        ch = re.search(r"'(.*?)'", problem)
        what = f"the character {ch.group(0)}" if ch else "this character"
        return (f"{what} cannot start a value",
                "quote the value (\"...\") if it starts with a special character", False)
    if problem == "sequence entries are not allowed here":
        return ("a '- item' where a value was expected",
                "a list under a key starts on the next line, indented, each item with '- '; "
                "or write it as [a, b]", False)
    found = re.match(r"expected the node content, but found '(.*)'", problem)
    if found:
        return (f"a value is missing before '{found.group(1)}'",
                "write the value, or quote text that starts with a mark (\"...\")", False)
    if problem.startswith("expected alphabetic or numeric character") or \
            problem.startswith("expected URI") or "undefined alias" in problem or \
            "undefined tag" in problem or "could not determine a constructor" in problem:
        return ("'&', '*' and '!' start YAML anchors, aliases and tags",
                "quote a value that starts with one of them (\"*x\")", False)
    if problem.startswith("expected a comment or a line break"):
        return ("unexpected text after a value", "put one value on a line; quote text that "
                                                  "contains a mark (\"...\")", False)
    if unclosed:
        return ("the file ends in the middle of a value",
                "close every quote, '[' and '{' you open", False)
    return ("the YAML does not read here: " + _words(problem),
            "check the indentation and the ':' after each key", False)


def _words(problem: str) -> str:
    out = problem
    for tok, words in YAML_TOKENS.items():
        out = out.replace(f"'{tok}'", words).replace(tok, words)
    return out


_PLAIN_TAGS = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}


def tag_words(tag: str) -> str:
    """A tag as it was written: 'tag:yaml.org,2002:python/name:x' -> '!!python/name:x'."""
    tag = excerpt(tag)
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def _span(node, path) -> Span:
    s, e = node.start_mark, node.end_mark
    return Span(path, s.line + 1, s.column + 1, e.line + 1, e.column + 1)


class _Builder:
    """Python values from composed YAML nodes, with the span of each (see `load_located`).

    An alias (*name) is built again each time it is used, so the values built are counted
    (MAX_YAML_VALUES: a "billion laughs" of aliases of lists of aliases stops there), and
    the depth through aliases is bounded as the composed nesting is.
    """

    def __init__(self, path: str, text: str, marks: dict, plain_text: bool = False):
        self.plain_text = plain_text
        self.path = path
        self.text = text
        self.marks = marks
        self.count = 0
        self.loader = yaml.SafeLoader("")     # one constructor for every scalar

    def build(self, node, key, parents):
        path, text, marks = self.path, self.text, self.marks
        marks[key] = _span(node, path)
        self.count += 1
        if self.count > MAX_YAML_VALUES:
            raise ScenarioError(f"the YAML holds more than {MAX_YAML_VALUES:,} values (an alias "
                                "counts each time it is used)", _span(node, path),
                                code="S001", hint="aliases (*name) of lists of aliases "
                                "multiply; write the values out").with_source(text)
        if len(parents) >= MAX_YAML_DEPTH:
            raise _too_deep(_span(node, path), text)
        if any(node is p for p in parents):
            raise ScenarioError("a YAML alias that contains itself", _span(node, path),
                                code="S001",
                                hint="an alias (*name) cannot refer to a value that holds it"
                                ).with_source(text)
        parents = parents + (node,)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and \
                node.tag != _PLAIN_TAGS[type(node)]:
            # A tag on a list or mapping (!!python/object:..., !!set, !local) would be dropped
            # in silence: every tag but the plain ones is an error where it stands.
            raise ScenarioError(f"the YAML tag {tag_words(node.tag)!r} cannot be used in a "
                                "scenario", _span(node, path), code="S001",
                                hint="scenarios hold plain values, lists and mappings; remove "
                                     "the tag").with_source(text)
        if isinstance(node, yaml.MappingNode):
            out = {}
            for k, v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    raise ScenarioError("a key must be a plain word or text, not a list or "
                                        "mapping", _span(k, path), code="S001",
                                        hint="write 'key: value'").with_source(text)
                kval = self.scalar(k)
                if kval in out:
                    first = marks[key + (("key", kval),)]
                    raise ScenarioError(f"the key {kval!r} appears twice in one mapping",
                                        _span(k, path), code="S001",
                                        hint=f"the first is on line {first.line}; "
                                             "keep one of them").with_source(text)
                marks[key + (("key", kval),)] = _span(k, path)
                out[kval] = self.build(v, key + (kval,), parents)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(v, key + (i,), parents) for i, v in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node):
        path, text = self.path, self.text
        try:
            value = self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            problem = str(getattr(exc, "problem", None) or exc)
            message = f"the YAML tag {tag_words(node.tag)!r} cannot be used in a scenario" \
                if "constructor for the tag" in problem else \
                f"a value that does not read: {_words(problem)}"
            raise ScenarioError(message, _span(node, path), code="S001",
                                hint="scenarios hold plain values; quote the value if it is "
                                     "meant as text").with_source(text) from None
        except ValueError:
            # int() refuses a number of more than 4,300 digits (sys.get_int_max_str_digits).
            raise self._too_long(node, str(node.value)) from None
        if type(value) is int and abs(value) >= 10 ** MAX_YAML_DIGITS:
            # Python cannot print a number of more than 4,300 digits: one this long would
            # fail the run's output once the game adds to it.
            raise self._too_long(node, str(node.value))
        if self.plain_text and type(value) is str:
            if node.style is None and len(value) >= 2 and value[0] + value[-1] in _CURLY_PAIRS:
                value = value[1:-1]     # “Brood Whelp”: quoted as YAML's "Brood Whelp" is
            return plain(value)
        return value

    def _too_long(self, node, value: str) -> ScenarioError:
        shown = value if len(value) <= 20 else value[:20] + "..."
        return ScenarioError(f"the number {shown} ({len(value):,} characters) is too long; "
                             f"at most {MAX_YAML_DIGITS} digits", _span(node, self.path),
                             code="S001", hint="scenarios hold small numbers; quote the value "
                                               "if it is meant as text").with_source(self.text)
