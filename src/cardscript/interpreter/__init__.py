"""The engine: a storyline of pending events resolved under a ruleset's declared policy.

The engine knows no game by name. A ruleset hands it a `Policy` (data), a
`Language` (its verbs), a geometry and its action handlers, through the
registry in `cardscript.rulesets`; nothing here imports a ruleset.
"""
