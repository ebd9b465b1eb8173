"""The Pygments lexer of card text, built from the token table (tokens.py).

Registered under the `pygments.lexers` entry point as `cardscript`, so that
`pygmentize -l cardscript FILE` and Markdown/Sphinx code blocks use it once the package is
installed. It never yields an Error token: a character no rule knows is plain text.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups

from .tokens import has_groups, pygments_token_of, states


def pygments_states() -> dict[str, list]:
    """The token table as a RegexLexer's `tokens`."""
    out: dict[str, list] = {}
    for state, rules in states().items():
        entries = []
        for rule in rules:
            types = [pygments_token_of(k) for k in rule.kinds]
            action = bygroups(*types) if has_groups(rule) else types[0]
            entries.append((rule.pattern, action, "#pop" if rule.pop else rule.push or "#none")
                           if rule.pop or rule.push else (rule.pattern, action))
        out[state] = entries
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
