"""Claims over several tests at once: Holm's step-down adjustment of their p-values (the family-wise error rate),
as statsmodels' ``multipletests(method="holm")`` gives it, on NumPy alone."""

from __future__ import annotations

import numpy as np

__all__ = ["holm"]


def holm(p_values) -> list[float]:
    """Holm's step-down adjustment of several p-values (the family-wise error rate of all of them): the i-th
    smallest p becomes max over j ≤ i of min(1, (m − j + 1)·p_(j)), in the order given.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = np.argsort(p_values, kind="stable")
    m = len(order)
    adjusted, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * float(p_values[i])))
        adjusted[i] = running
    return adjusted
