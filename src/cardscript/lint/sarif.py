"""Lint findings as a SARIF 2.1.0 log, the format code-scanning services read."""

from __future__ import annotations

from ..version import __version__
from .config import RULES


def to_sarif(found) -> dict:
    """One run of `cardscript lint`, its rules and its results."""
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "cardscript", "version": __version__,
                "rules": [{"id": code, "shortDescription": {"text": text}}
                          for code, text in RULES.items()]}},
            "results": [{
                "ruleId": f.code,
                "level": "error" if f.code.startswith("E") else "warning",
                "message": {"text": f.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": f.file},
                    "region": {"startLine": f.line, "startColumn": f.column}}}]}
                for f in found]}]}
