"""A client of the public API as a type checker sees it (.ci/typing.sh runs mypy on it and checks the revealed
signatures): the headline functions keep their real signatures through the validation decorator and the lazy
exports of ``pueval``."""

import numpy as np

import pueval
from pueval.mpe import estimate_prior

labels = np.array([1, 0, 0, 1, 0])
scores = np.array([0.9, 0.2, 0.4, 0.8, 0.1])
reveal_type(pueval.aul_pu_score)  # noqa: F821
reveal_type(pueval.aul_pu_interval)  # noqa: F821
reveal_type(pueval.aul_pu_difference)  # noqa: F821
reveal_type(estimate_prior)  # noqa: F821
reveal_type(pueval.curves.lift_curve)  # noqa: F821
reveal_type(pueval.propensity.aul_pu_weighted)  # noqa: F821
reveal_type(pueval.sar_em.sar_em)  # noqa: F821
reveal_type(pueval.evaluate)  # noqa: F821
reveal_type(pueval.compare)  # noqa: F821
value: float = pueval.aul_pu_score(labels, scores)
reveal_type(pueval.report)  # noqa: F821
reveal_type(pueval.mpe.PriorOptions.estimator)  # noqa: F821
