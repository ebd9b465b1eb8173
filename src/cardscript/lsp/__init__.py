"""`cardscript lsp`: a language server for card files over stdio.

analysis.py reads a file one card at a time (no LSP library needed); the other modules answer
one kind of request each; server.py wires them to pygls, which only `cardscript lsp` imports
(the optional `lsp` extra).
"""
