"""pueval.studies.mpe_draws: KM over draws gives the KM schema and the single-draw values."""

import pytest

from pueval.mpe import kernel_embedding as ke
from pueval.pipeline import schemas
from pueval.studies import mpe_draws
from tests.synthetic import labeled_draws


def test_km_over_draws_gives_the_km_schema_and_the_single_draw_values():
    X, y, scores, s = labeled_draws(1)
    frame = mpe_draws.km_draws(X, y, s, label="toy")
    schemas.check_columns(frame.columns, "km", "test")
    bank = ke.KernelBank(X)
    for d in range(3):
        one = ke.km_thresholds(bank, s[d].astype(bool))
        assert (frame.loc[d, "theta_km1"], frame.loc[d, "theta_km2"]) == (one["km1"], one["km2"])
        assert frame.loc[d, "theta"] == pytest.approx(y[s[d] == 0].mean())


def test_the_stored_transform_read_out_gives_the_shared_transforms_values():
    """The pipeline's cut (the transform stored with EN; DistCurve and BBE each read from it in another job) gives,
    bit for bit, what one PriorEstimator call per draw gives for the three on one transform."""
    from pueval.mpe import distance_curve as dc
    from pueval.mpe import shipped_regressor
    from pueval.mpe.priors import PriorOptions

    X, y, _, s = labeled_draws(1)
    model = dc.load_regressor(shipped_regressor.PATH)
    transform = {"folds": 3, "rounds": 10}
    bbe = {"delta": 0.05, "gamma": 0.01}
    options = PriorOptions(distcurve_model=model, repetitions=3, transform=transform, bbe=bbe)
    together = mpe_draws.transform_draws(X, y, s, options, seed=4, dataset="toy", beta=0.4)
    scores, en = mpe_draws.transform_scores(X, y, s, transform, seed=4, dataset="toy", beta=0.4)
    distcurve = mpe_draws.readout_draws("distcurve", y, s, scores, seed=4, dataset="toy", beta=0.4, model=model,
                                        repetitions=3)
    best_bin = mpe_draws.readout_draws("bbe", y, s, scores, seed=4, dataset="toy", beta=0.4, bbe=bbe)
    for frame, kind in ((en, "en"), (distcurve, "distcurve")):
        schemas.check_columns(frame.columns, kind, "test")
    assert en["theta_en"].tolist() == together["theta_en"].tolist()
    assert distcurve["theta_distance"].tolist() == together["theta_distance"].tolist()
    for column in ("theta_bbe", "bbe_lower", "bbe_upper"):
        assert best_bin[column].tolist() == together[column].tolist()
    assert len(set(together["theta_bbe"])) > 1  # the draws differ, so a mix-up of draws would show
