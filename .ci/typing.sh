#!/usr/bin/env bash
# The public API as a type checker sees it: mypy on a small client (.ci/typing_client.py) must reveal a real
# signature, never Any, for each headline function (through the validation decorator and the lazy exports).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(uv run --with mypy mypy --ignore-missing-imports --follow-imports=silent .ci/typing_client.py)
paste <(grep -o '^reveal_type([^)]*)' .ci/typing_client.py) <(echo "$out" | grep 'Revealed type' | grep -oE '(-> [^"]*|"Any)"$')
echo "$out" | tail -1
if echo "$out" | grep -q 'Revealed type is "Any"'; then
  echo "typing: a public function is typed Any" >&2
  exit 1
fi
[ "$(echo "$out" | grep -c 'Revealed type is "def')" -eq "$(grep -c '^reveal_type' .ci/typing_client.py)" ]
# a strict client's direct imports of the re-exported names type-check clean
uv run --with mypy mypy --strict --ignore-missing-imports --follow-imports=silent .ci/typing_strict_client.py
