#!/usr/bin/env bash
# Runs every client test suite: Python client + browser test + the language server driven by
# pytest-lsp (pytest), Node client + VS Code extension (node --test), and Neovim's LSP client
# (headless nvim). Exits non-zero when anything fails.
#
# The real daemon comes from $CHARTD, else the package's own debug build (../.build/debug/chartd),
# else PATH; without it the integration tests SKIP and say so. Chromium: $CHROMIUM or PATH.
set -u
cd "$(dirname "$0")"

if [ -z "${CHARTD:-}" ] && [ -x ../.build/debug/chartd ]; then
  CHARTD="$(cd .. && pwd)/.build/debug/chartd"
fi
if [ -n "${CHARTD:-}" ]; then
  export CHARTD
  if [ -x "$CHARTD" ]; then echo "chartd: $CHARTD"; else echo "chartd: $CHARTD is not an executable — integration tests will SKIP"; fi
elif command -v chartd >/dev/null; then
  echo "chartd: $(command -v chartd) (PATH)"
else
  echo "chartd: not found — integration tests will SKIP (set CHARTD or run 'swift build --product chartd')"
fi

status=0
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

echo "== pytest: clients/python/tests, clients/web/test, clients/lsp/tests (pytest-lsp), clients/blackbox"
python3 -m pytest -q -rs -p no:cacheprovider python/tests web/test lsp/tests blackbox >"$log" 2>&1 || status=1
grep -E "^(FAILED|ERROR|SKIPPED)" "$log"
[ $status -ne 0 ] && grep -E "^E " "$log" | head -40
tail -n 1 "$log"

echo "== node --test: clients/node/test, clients/vscode/test"
node_status=0
node --test --test-reporter=tap node/test/ vscode/test/ >"$log" 2>&1 || node_status=1
grep -E "^not ok|# SKIP" "$log"
if [ $node_status -ne 0 ]; then
  grep -E "^\s+(error|expected|actual|location):" "$log" | head -40
  status=1
fi
grep -E "^# (tests|pass|fail|skipped|cancelled) " "$log" | tr '\n' ' '
echo

echo "== neovim: clients/neovim/test (headless nvim as the LSP client)"
if [ -n "${CHARTD:-}" ]; then
  CHARTD="$CHARTD" neovim/test/run.sh >"$log" 2>&1 || status=1
else
  echo "SKIP: no chartd binary for the Neovim test" >"$log"
fi
grep -E "^(not ok|SKIP)" "$log"
tail -n 1 "$log"

if [ $status -eq 0 ]; then echo "ALL CLIENT TESTS PASSED"; else echo "CLIENT TESTS FAILED"; fi
exit $status
