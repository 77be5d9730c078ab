#!/usr/bin/env bash
# The package as it would be released: `uv build` (sdist and wheel), `twine check` on both, and the wheel's
# contents: the library with its shipped DistCurve regressor and py.typed, nothing of tests/, results/ or the
# workflow.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(mktemp -d)
uv build --quiet --out-dir "$dist"
uvx twine check --strict "$dist"/*
wheel=$(ls "$dist"/*.whl)
uv run --no-project python - "$wheel" <<'PY'
import sys
import zipfile

names = zipfile.ZipFile(sys.argv[1]).namelist()
for needed in ("pueval/py.typed", "pueval/mpe/data/distcurve_regressor.txt.gz", "pueval/aul_pu.py"):
    assert needed in names, f"the wheel lacks {needed}"
stray = [n for n in names if not n.startswith(("pueval/", "pueval-"))]
assert stray == [], f"the wheel holds files outside the package: {stray[:5]}"
print(f"wheel: {len(names)} files, the library, its regressor and py.typed; nothing else")
PY
