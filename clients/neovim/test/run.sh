#!/usr/bin/env bash
# Runs the headless Neovim test of chartd as a language server; SKIP when nvim is not installed.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v nvim >/dev/null 2>&1; then
  echo "SKIP: nvim not found (Debian package 'neovim'); the Neovim LSP test did not run"
  exit 0
fi
if [ -z "${CHARTD:-}" ] || [ ! -x "$CHARTD" ]; then
  echo "SKIP: \$CHARTD is not an executable chartd; the Neovim LSP test did not run"
  exit 0
fi
export CHARTD_NVIM_ROOT="$here/.."
# -u NONE: no user config; -i NONE: no shada. The script quits with the number of failures.
timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $here/lsp_test.lua" 2>&1
