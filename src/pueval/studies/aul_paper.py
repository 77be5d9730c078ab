"""The AUL paper's printed values: its Table 1 and its Figure 1, for side-by-side comparison with our numbers."""

from __future__ import annotations

import io

import pandas as pd

_TABLE1 = """\
dataset,n,alpha,beta,auc,aul,mae_auc_km1,mae_auc_km2,mae_auc_distance,mae_aul
abalone,4177,0.498,0.1,0.807,0.654,0.065,0.035,0.037,0.014
abalone,4177,0.498,0.2,0.807,0.654,0.043,0.043,0.031,0.008
abalone,4177,0.498,0.4,0.807,0.654,0.027,0.054,0.034,0.005
airfoil,1503,0.483,0.1,0.845,0.678,0.110,0.088,0.093,0.019
airfoil,1503,0.483,0.2,0.845,0.678,0.087,0.048,0.064,0.012
airfoil,1503,0.483,0.4,0.845,0.678,0.057,0.026,0.041,0.009
anuran,4000,0.614,0.1,0.887,0.649,0.058,0.070,0.073,0.011
anuran,4000,0.614,0.2,0.887,0.649,0.054,0.040,0.065,0.007
anuran,4000,0.614,0.4,0.887,0.649,0.055,0.024,0.026,0.004
concrete,1030,0.472,0.1,0.875,0.698,0.091,0.113,0.100,0.022
concrete,1030,0.472,0.2,0.875,0.698,0.096,0.066,0.061,0.016
concrete,1030,0.472,0.4,0.875,0.698,0.105,0.041,0.083,0.009
landsat,4435,0.242,0.1,0.756,0.694,0.018,0.018,0.049,0.015
landsat,4435,0.242,0.2,0.756,0.694,0.014,0.012,0.030,0.011
landsat,4435,0.242,0.4,0.756,0.694,0.010,0.008,0.010,0.007
mushroom,4000,0.518,0.1,0.942,0.713,0.028,0.066,0.042,0.011
mushroom,4000,0.518,0.2,0.942,0.713,0.021,0.028,0.030,0.006
mushroom,4000,0.518,0.4,0.942,0.713,0.027,0.018,0.026,0.004
pageblock,4000,0.898,0.1,0.891,0.54,0.177,0.300,0.201,0.011
pageblock,4000,0.898,0.2,0.891,0.54,0.110,0.249,0.183,0.008
pageblock,4000,0.898,0.4,0.891,0.54,0.111,0.159,0.163,0.005
spambase,4601,0.394,0.1,0.841,0.706,0.111,0.068,0.037,0.014
spambase,4601,0.394,0.2,0.841,0.706,0.084,0.106,0.018,0.008
spambase,4601,0.394,0.4,0.841,0.706,0.056,0.131,0.008,0.005
waveform,4000,0.329,0.1,0.926,0.785,0.074,0.073,0.105,0.009
waveform,4000,0.329,0.2,0.926,0.785,0.073,0.074,0.025,0.005
waveform,4000,0.329,0.4,0.926,0.785,0.064,0.074,0.028,0.004
"""


# Figure 1a: 20 instances sorted by score, true labels y and PU labels s (α = β = 0.5); the areas it prints.
FIGURE1_SCORE = (0.92, 0.82, 0.73, 0.66, 0.6, 0.58, 0.54, 0.5, 0.45, 0.43,
                 0.41, 0.39, 0.38, 0.36, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1)
FIGURE1_Y = (1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0)
FIGURE1_S = (1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0)
FIGURE1_AREAS = {"auc": 0.740, "auc_pu": 0.653, "aul": 0.620, "aul_pu": 0.615}

PRIOR_SOURCES = ("km1", "km2", "distance")  # the MPE methods of the paper's Table 1, Figure 2 and Figure 3
PAPER_NAMES = {"distcurve": "distance"}
"""The studies' columns name DistCurve as the paper's Table 1 does (AUC_Distance: ``theta_distance``,
``mae_auc_distance``); every other method by its library name (:data:`pueval.mpe.PUBLIC_METHODS`)."""


def column_name(method: str) -> str:
    """The studies' name of the library's MPE ``method`` (:data:`PAPER_NAMES`)."""
    return PAPER_NAMES.get(method, method)


def library_name(column: str) -> str:
    """The library's name of an MPE method the studies name ``column`` (the inverse of :func:`column_name`)."""
    return {paper: library for library, paper in PAPER_NAMES.items()}.get(column, column)


def table1() -> pd.DataFrame:
    """The paper's Table 1, one row per (dataset, β)."""
    return pd.read_csv(io.StringIO(_TABLE1))


def dataset_truth() -> pd.DataFrame:
    """The paper's n, α, AUC and AUL per dataset."""
    return table1().drop_duplicates("dataset").set_index("dataset")[["n", "alpha", "auc", "aul"]]
