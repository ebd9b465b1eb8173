"""Editor support: the token table (tokens.py) and what is made from it, the Pygments lexer
(lexer.py) and the TextMate grammar of the VS Code extension (textmate.py)."""
