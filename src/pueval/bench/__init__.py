"""``pueval bench``: rank PU learners from PU data alone (the ``mpe`` extra's scikit-learn and LightGBM).

:mod:`~pueval.bench.plugin` (a learner named by import path), :mod:`~pueval.bench.learners` (the built-ins:
naive, Elkan & Noto, bagging PU, uPU and nnPU), :mod:`~pueval.bench.core` (tune inside the training rows, judge
on held-out PU rows; :func:`bench` on a user's table) and :mod:`~pueval.bench.ranking` (across datasets:
Wilcoxon signed-rank with Holm, the diagram's groups, the mean-rank test for comparison).
"""

from pueval.bench.core import BenchResult as BenchResult, bench as bench, judge as judge, tune as tune
from pueval.bench.plugin import LearnerError as LearnerError, LearnerSpec as LearnerSpec
from pueval.bench.ranking import bayesian_signed_rank as bayesian_signed_rank, groups as groups
from pueval.bench.ranking import mean_rank_test as mean_rank_test, pairwise as pairwise

__all__ = ["BenchResult", "LearnerError", "LearnerSpec", "bayesian_signed_rank", "bench", "groups", "judge",
           "mean_rank_test", "pairwise", "tune"]
