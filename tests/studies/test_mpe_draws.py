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
