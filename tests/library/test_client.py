"""Issue #60's client, as a PU researcher writes it in one script against the public API: a library report that
leads with its warnings, a flagged audit, priors_agree on the advised pair, four models on one Display, sample
weights through evaluate, a polars frame of candidates, a file read in blocks. (``mypy --strict`` on a client:
.ci/typing.sh.) Each step's numbers are tested where it is built; here they must work together, as written."""

import warnings

import numpy as np
import pytest

import pueval
from pueval.mpe import estimate_priors, priors_agree
from pueval.plots import LiftDisplay


@pytest.fixture(scope="module")
def problem():
    """Four models of 3,000 rows, 40 % positive, labels selected by the score (not at random), a random audit of
    the unlabeled rows and a sample of the flagged ones audited."""
    rng = np.random.default_rng(60)
    n = 3000
    y = rng.random(n) < 0.4
    X = np.c_[y * 2.0 + rng.normal(size=n), rng.normal(size=n)]
    signal = X[:, 0]
    models = {f"m{k}": signal + rng.normal(0, 0.5 * k, n) for k in range(4)}
    e = np.where(y, 1 / (1 + np.exp(-(signal - 1.0) * 2)), 0.0) * 0.6
    labels = (rng.random(n) < e).astype(int)
    audited = np.full(n, np.nan)
    unlabeled = np.flatnonzero(labels == 0)
    chosen = rng.choice(unlabeled, 300, replace=False)
    audited[chosen] = y[chosen]
    return X, y, labels, models, audited


def test_the_client_script_runs_clean(problem, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import polars as pl

    X, y, labels, models, audited = problem
    scores = models["m0"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = pueval.evaluate(labels, scores, audited=audited)
    text = pueval.report(found)
    assert found.warnings and text.startswith("**") and "audit rejects SCAR" in text.split("| quantity |")[0]

    point = pueval.operating_point(labels, scores, target_recall=0.8)
    flagged = np.flatnonzero((scores >= point.threshold) & (labels == 0))
    sample = np.random.default_rng(1).choice(flagged, min(100, flagged.size), replace=False)
    flagged_audit = np.full(labels.size, np.nan)
    flagged_audit[sample] = y[sample]
    audited_point = pueval.operating_point(labels, scores, target_recall=0.8, flagged_audit=flagged_audit)
    low, high = audited_point.audited_precision_interval
    assert low <= audited_point.audited_precision <= high

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        estimates = estimate_priors(X, labels, ["bbe", "distcurve"], interval="bootstrap", n_boot=10, random_state=0)
    assert all(e.interval is not None for e in estimates.values()) and priors_agree(estimates) is not None

    ax = plt.figure().subplots()
    for name, column in models.items():
        LiftDisplay.from_predictions(labels, column, name=name, ax=ax)
    drawn = [line for line in ax.get_lines() if not line.get_label().startswith("_")]
    assert len(drawn) == 4 and len({str(line.get_color()) for line in drawn}) == 4  # the colour cycle, per model
    plt.close("all")

    weights = np.random.default_rng(2).integers(1, 3, labels.size)
    weighted = pueval.evaluate(labels, scores, sample_weight=weights, target_recall=0.8)
    assert weighted.operating_point is not None and weighted.n == labels.size

    frame = pl.DataFrame(models)
    chosen = pueval.select_models(labels, frame)
    assert chosen.names == tuple(models) and chosen.best in chosen.confidence_set

    path = tmp_path / "scores.parquet"
    pl.DataFrame({"labeled": labels, "score": scores}).write_parquet(path)
    from pueval.streaming import evaluate_file

    streamed = evaluate_file(str(path), label="labeled", score="score", progress=False)
    exact = pueval.aul_pu_score(labels, scores)  # the bound is attained here: a rounding's worth of slack
    assert abs(streamed.aul.aul_pu - exact) <= streamed.aul.error_bound + 1e-12
    assert pueval.report(streamed, "json").startswith("{")
