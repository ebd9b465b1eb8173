"""`cardscript play`: a game on the terminal (screen.py) over a play session (session.py)."""
