#!/usr/bin/env bash
# `pip install .` without extras, in a fresh venv: the library must import and compute without Snakemake,
# matplotlib or any other package of the pipeline's stack (the `pipeline` extra); DistCurve's shipped regressor
# is in the wheel; --plot without the `plot` extra is one line and exit code 2.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d)/venv
uv venv --quiet "$venv"
uv pip install --quiet --python "$venv/bin/python" .
echo "library alone: $(uv pip list --python "$venv/bin/python" 2>/dev/null | tail -n +3 | wc -l) packages installed"
"$venv/bin/python" - <<'PY'
import importlib.util

import pueval

for name in ("snakemake", "matplotlib", "jsonschema", "ucimlrepo", "pyarrow"):
    assert importlib.util.find_spec(name) is None, f"{name} was installed with the library alone"
print("aul_pu_score:", pueval.aul_pu_score([1, 0, 0, 1], [0.9, 0.1, 0.4, 0.8]))
PY
"$venv/bin/pueval" example-scores --n 200 > "$(dirname "$venv")/scores.csv"
"$venv/bin/pueval" evaluate "$(dirname "$venv")/scores.csv" --mpe km2 --features x1 x2 x3 --format markdown
"$venv/bin/pueval" compare "$(dirname "$venv")/scores.csv" --score-columns score score_b --format markdown
"$venv/bin/python" -c "from pueval.mpe.distance_curve import default_regressor
print('shipped DistCurve regressor:', default_regressor().num_trees(), 'trees')"
# --plot needs the `plot` extra: without it, one line and exit code 2
if "$venv/bin/pueval" evaluate "$(dirname "$venv")/scores.csv" --plot "$(dirname "$venv")/curves.png" 2> "$(dirname "$venv")/err"; then
    echo "--plot without matplotlib should fail" >&2; exit 1
fi
grep -q "pip install 'pueval\[plot\]'" "$(dirname "$venv")/err"
