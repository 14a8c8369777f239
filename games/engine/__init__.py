"""Pure-Python rules engines. Nothing under this package may import Django (checked by import-linter)."""
