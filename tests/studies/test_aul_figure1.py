"""pueval.studies.aul_figure1: the AUL paper's Figure 1 areas and its 252 labelings."""

import pytest

from pueval import metrics
from pueval.studies import aul_figure1


def test_aul_figure_1_areas_and_the_252_labelings():
    scores, y, s = aul_figure1.table()
    found = aul_figure1.curves_of_the_table()
    assert found["roc"].area == pytest.approx(metrics.auc(y, scores), abs=1e-12)
    assert found["roc_pu"].area == pytest.approx(metrics.auc(s, scores), abs=1e-12)
    assert found["lift"].area == pytest.approx(metrics.aul(y, scores), abs=1e-12)
    assert found["lift_pu"].area == pytest.approx(metrics.aul(s, scores), abs=1e-12)
    frame = aul_figure1.labelings_frame()
    assert len(frame) == 252 and frame["paper"].sum() == 1
    assert frame["aul_pu"].mean() == pytest.approx(metrics.aul(y, scores), abs=1e-12)
    assert frame["aul_pu"].var(ddof=0) == pytest.approx(metrics.aul_pu_variance(y, scores, 5), abs=1e-12)
    summary = aul_figure1.summary(found, frame).set_index("quantity")
    assert (summary.loc[["auc", "auc_pu", "aul", "aul_pu"], "ours"].round(3)
            == summary.loc[["auc", "auc_pu", "aul", "aul_pu"], "paper"]).all()
