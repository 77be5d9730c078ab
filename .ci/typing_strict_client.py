"""A client as a strict user writes it (.ci/typing.sh runs ``mypy --strict`` on it): the package's and
``pueval.mpe``'s names imported directly, which needs their explicit re-exports."""

import numpy as np

from pueval import Evaluation, compare, evaluate, operating_point, report, select_models
from pueval.mpe import PriorEstimator, PriorOptions, estimate_prior
from pueval.sketch import default_edges, summarize

labels = np.array([1, 0, 0, 1, 0])
scores = np.array([0.9, 0.2, 0.4, 0.8, 0.1])
found: Evaluation = evaluate(labels, scores)
print(report(found), compare(labels, {"a": scores, "b": scores}), select_models(labels, {"a": scores, "b": scores}))
print(operating_point(labels, scores), summarize(labels, scores, edges=default_edges(4)))
print(PriorEstimator("bbe"), PriorOptions(), estimate_prior)
