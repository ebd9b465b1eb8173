"""The version of the compiled templates' stored form (compiler/codec.py), raised whenever
that form changes: an older blob is then a miss.

Kept apart from the codec so that the compiled-card cache makes a file's key without
importing the compiler (`check` of cached files never needs it).
"""

TEMPLATES = 8
