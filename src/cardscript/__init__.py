"""cardscript: a card-scripting language and the storyline interpreter that plays it.

Nothing is imported here: `cardscript check` on cached files must start near Python's own
floor, so each command imports only the parts it needs (`cardscript.compiler`,
`cardscript.interpreter`, `cardscript.rulesets`, ...).
"""
