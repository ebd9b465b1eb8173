"""The Pygments lexer of card text, built from the token table (tokens.py).

Registered under the `pygments.lexers` entry point as `cardscript`, so that
`pygmentize -l cardscript FILE` and Markdown/Sphinx code blocks use it once the package is
installed. It never yields an Error token: a character no rule knows is plain text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pygments.lexer import RegexLexer, bygroups, default

from .tokens import has_groups, pygments_token_of, states


def pygments_states() -> dict[str, list]:
    """The token table as a RegexLexer's `tokens`."""
    out: dict[str, list] = {}
    for state, rules in states().items():
        entries = []
        for rule in rules:
            if rule.leaves_when_nothing_else_matches:
                entries.append(default("#pop"))
                continue
            types = [pygments_token_of(k) for k in rule.kinds]
            action = bygroups(*types) if has_groups(rule) else types[0]
            entries.append((rule.pattern, action, "#pop" if rule.pop else rule.push or "#none")
                           if rule.pop or rule.push else (rule.pattern, action))
        out[state] = entries
    return out


@lru_cache(maxsize=None)
def combined_states() -> dict[str, tuple]:
    """Each state's rules as one regex, an alternative a rule in the table's order (Python
    tries alternatives left to right, as RegexLexer tries rules), with what each does:
    {state: (regex, {outer group: (((inner group, token type), ...), push, pop)})}."""
    out = {}
    for state, rules in states().items():
        parts, actions, group = [], {}, 1
        for rule in rules:
            inner = re.compile(rule.pattern).groups
            types = [pygments_token_of(k) for k in rule.kinds]
            spans = tuple((group + 1 + i, t) for i, t in enumerate(types)) if inner else \
                ((group, types[0]),) if types else ()     # a state's end: no token
            actions[group] = (spans, rule.push, rule.pop)
            parts.append(f"({rule.pattern})")
            group += 1 + inner
        out[state] = (re.compile("|".join(parts), re.M), actions)
    return out


class CardScriptLexer(RegexLexer):
    """Card text: headers, labels and arrows, trigger words, keywords, verbs, numbers and
    signed stats, quoted card names, reminder text and comments."""

    name = "cardscript"
    aliases = ["cardscript"]
    filenames = ["*.cards"]
    mimetypes = ["text/x-cardscript"]

    tokens = pygments_states()

    def __init__(self, **options):
        # Keep the text as it is (no stripped or added newlines): tokens join back to the input.
        options.setdefault("stripnl", False)
        options.setdefault("ensurenl", False)
        super().__init__(**options)

    def get_tokens_unprocessed(self, text, stack=("root",)):
        """The same tokens as RegexLexer makes from `tokens` (a test compares the two), with
        one regex match a token instead of one a rule tried: several times faster."""
        table = combined_states()
        stack = list(stack)
        regex, actions = table[stack[-1]]
        pos, end = 0, len(text)
        while pos < end:
            m = regex.match(text, pos)
            spans, push, pop = actions[m.lastindex]
            for group, ttype in spans:
                value = m.group(group)
                if value:
                    yield m.start(group), ttype, value
            if push:
                stack.append(push)
                regex, actions = table[push]
            elif pop and len(stack) > 1:
                stack.pop()
                regex, actions = table[stack[-1]]
            pos = m.end()
