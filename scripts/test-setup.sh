#!/usr/bin/env bash
# Installs everything the test suite needs, then returns: the Python package with its test
# extras, and (as parts of the suite need them) pinned Node packages and a headless browser.
# Usage: bash scripts/test-setup.sh && python -m pytest
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install -e '.[test]'

# The storyline view's tests drive Debian's Chromium through Playwright (never `playwright
# install`: the browser comes from the system's packages).
if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "test-setup: chromium is missing and installing it needs root:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
    exit 1
  fi
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# The editor-support tests (TextMate grammar, VS Code extension) run Node packages pinned by
# editor-support/package-lock.json.
npm ci --prefix editor-support --no-audit --no-fund
