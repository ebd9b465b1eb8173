"""`cardscript import`: card data in the public card-data format -> `.cards` files, and the
coverage report of how much of such a file the language reads (docs/coverage.md)."""
