"""The language server driven by pytest-lsp (a package, so its conftest never shadows another suite's)."""
