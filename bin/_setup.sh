# Sourced by bin/run and bin/test: make .venv with what pyproject.toml asks for (again only if it changed).
# Usage: source bin/_setup.sh [dev]
set -euo pipefail
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
  echo "Hyperlane needs Python 3.11 or newer (found $("$PYTHON" --version 2>&1))." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
extra="${1:-}"
spec="."
[ "$extra" = "dev" ] && spec=".[dev]"
stamp=".venv/.hyperlane-installed-$extra"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing Python packages into .venv ..."
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e "$spec"
  echo "$want" > "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
