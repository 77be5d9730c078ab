"""pueval.studies.cost: every method timed at every size."""

import numpy as np
import pandas as pd

from pueval.mpe import distance_curve as dc
from pueval.mpe.priors import PriorOptions
from pueval.studies import cost


def test_cost_times_every_method_at_every_size(tmp_path):
    rng = np.random.default_rng(0)
    raw = pd.DataFrame(rng.normal(size=(300, 5)), columns=list("abcde"))
    raw["y"] = 126 + raw["a"] + rng.normal(size=300)
    curves, thetas = dc.training_set(30, seed=1, repetitions=1)
    dc.save_regressor(dc.train_regressor(curves, thetas, seed=1, rounds=10), tmp_path / "m.txt")
    X, y = raw.drop(columns="y").to_numpy(), (raw["y"] > 126).to_numpy(dtype=int)
    priors = PriorOptions(distcurve_model=tmp_path / "m.txt", repetitions=1, transform={"folds": 3, "rounds": 5},
                          bbe={"delta": 0.1, "gamma": 0.01}, tice={})
    frame = cost.run(X, y, name="toy", sizes=[100, 200, 600], beta=0.3, seed=2, priors=priors, km_max_size=200)
    others = ["DistCurve", "EN", "BBE", "TIcE", "AUL^PU"]
    assert frame[["n", "method"]].values.tolist() == [[n, m] for n in (100, 200) for m in ["KM1+KM2", *others]] + [
        [600, m] for m in others]  # 600 > 300 rows: drawn with replacement; KM stops at km_max_size
    assert (frame["seconds"] > 0).all() and (frame["features"] == 5).all()
    km = frame[frame.method == "KM1+KM2"]
    assert km["theta_hat"].between(0, 0.875).all() and km["theta_hat_2"].between(0, 0.875).all()
    assert frame.groupby("n")["theta"].nunique().eq(1).all()  # one draw per size, shared by the methods
