"""An MPE method run on every SCAR draw of one (dataset, β) job: timed, with progress in the log."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import numpy as np
import pandas as pd

log = logging.getLogger(__name__)

PROGRESS_EVERY = 10  # draws between progress lines


def estimate_draws(y: np.ndarray, s: np.ndarray, estimate_one: Callable[[int, np.ndarray], dict], *,
                   label: str) -> pd.DataFrame:
    """One row per draw: ``draw``, the true ``theta`` of its unlabeled rows, ``estimate_one(d, labeled)``'s
    items and ``seconds``. ``s`` is the (n_draws, n) PU label matrix, ``label`` names the job in the log."""
    rows = []
    for d, labeled in enumerate(np.asarray(s).astype(bool)):
        start = time.perf_counter()
        result = estimate_one(d, labeled)
        seconds = time.perf_counter() - start
        rows.append({"draw": d, "theta": float(y[~labeled].mean()), **result, "seconds": seconds})
        if (d + 1) % PROGRESS_EVERY == 0 or d + 1 == len(s):
            log.info("%s: %d/%d draws, last %.2f s", label, d + 1, len(s), seconds)
    return pd.DataFrame(rows)
