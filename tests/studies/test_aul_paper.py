"""pueval.studies.aul_paper: the paper's Figure 1a values."""

from pueval import metrics
from pueval.studies.aul_paper import FIGURE1_S as FIG1_S
from pueval.studies.aul_paper import FIGURE1_SCORE as FIG1_SCORE
from pueval.studies.aul_paper import FIGURE1_Y as FIG1_Y


def test_figure_1a_values():
    assert round(metrics.auc(FIG1_Y, FIG1_SCORE), 3) == 0.740
    assert round(metrics.auc(FIG1_S, FIG1_SCORE), 3) == 0.653
    assert round(metrics.aul(FIG1_Y, FIG1_SCORE), 3) == 0.620
    assert round(metrics.aul(FIG1_S, FIG1_SCORE), 3) == 0.615
