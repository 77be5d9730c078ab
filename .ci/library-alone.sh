#!/usr/bin/env bash
# The library installed as a user installs it, in a fresh venv, without the pipeline's stack:
# 1. `pip install .` (the core): imports and computes AUL^PU, a sketch and a selection, `pueval evaluate` (exact and
#    streaming), `compare` and `select` run, with none of
#    the estimators' stack (numba, LightGBM, scikit-learn) nor Snakemake or matplotlib; `--mpe` and `--plot`
#    are one line naming the extra to install and exit code 2;
# 2. the built wheel with the mpe extra (`pip install 'pueval-….whl[mpe]'`, as the missing-extra message says):
#    the prior estimators run, DistCurve's shipped regressor is in the wheel.
# The installed size of each is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
venv=$work/venv
uv venv --quiet "$venv"
py=$venv/bin/python
size() { "$py" -c "import site; print(site.getsitepackages()[0])" | xargs du -sm | cut -f1; }
packages() { uv pip list --python "$py" 2>/dev/null | tail -n +3 | wc -l; }

uv pip install --quiet --python "$py" .
echo "core: $(packages) packages, $(size) MB in site-packages"
"$py" - <<'PY'
import importlib.util

import pueval

for name in ("numba", "lightgbm", "sklearn", "snakemake", "matplotlib", "jsonschema", "ucimlrepo", "pyarrow"):
    assert importlib.util.find_spec(name) is None, f"{name} was installed with the core"
print("aul_pu_score:", pueval.aul_pu_score([1, 0, 0, 1], [0.9, 0.1, 0.4, 0.8]))
print("roc_curve area:", pueval.curves.roc_curve([1, 0, 0, 1], [0.9, 0.1, 0.4, 0.8]).area)
labels, scores = [1, 0, 0, 1, 0, 1], [0.9, 0.1, 0.4, 0.8, 0.3, 0.7]
sketch = pueval.sketch.summarize(labels[:3], scores[:3], edges=pueval.sketch.default_edges(100)) + \
    pueval.sketch.summarize(labels[3:], scores[3:], edges=pueval.sketch.default_edges(100))
print("sketch:", sketch.aul_pu())
print("select_models:", pueval.select_models(labels, {"a": scores, "b": scores[::-1]}, random_state=0).best)
print("evaluate:", pueval.evaluate(labels, scores, prior=0.3).as_dict()["aul_pu"])
PY
"$venv/bin/pueval" example-scores --n 200 > "$work/scores.csv"
"$venv/bin/pueval" evaluate "$work/scores.csv" --prior 0.3 --format markdown
"$venv/bin/pueval" compare "$work/scores.csv" --score-columns score score_b --format markdown
"$venv/bin/pueval" select "$work/scores.csv" --score-columns score score_b --format markdown
"$venv/bin/pueval" evaluate "$work/scores.csv" --streaming --format markdown
# an extra that is missing: one line naming it, exit code 2
expect_extra() {  # extra, command...
    local extra=$1; shift
    if "$@" 2> "$work/err"; then echo "$* should fail without the $extra extra" >&2; exit 1; fi
    [ "$(wc -l < "$work/err")" -eq 1 ] || { cat "$work/err" >&2; exit 1; }
    grep -q "pip install '.\[$extra\]' in a clone of pueval" "$work/err" || { cat "$work/err" >&2; exit 1; }
}
expect_extra mpe "$venv/bin/pueval" evaluate "$work/scores.csv" --mpe km2 --features x1 x2 x3
expect_extra plot "$venv/bin/pueval" evaluate "$work/scores.csv" --plot "$work/curves.png"

uv build --quiet --wheel --out-dir "$work/dist"
uv pip install --quiet --python "$py" "$(ls "$work"/dist/pueval-*.whl)[mpe]"
echo "core + mpe: $(packages) packages, $(size) MB in site-packages"
"$venv/bin/pueval" evaluate "$work/scores.csv" --mpe km2 bbe --features x1 x2 x3 --format markdown
"$py" -c "from pueval.mpe.distance_curve import default_regressor
print('shipped DistCurve regressor:', default_regressor().num_trees(), 'trees')"
