"""Synthetic PU problems that tests of several modules share (each with a known truth)."""

import numpy as np
import pandas as pd


def labeled_draws(seed=0, n=120):
    """Two Gaussian classes (X, y), the first feature as scores, and three draws of 15 labeled positives."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.5).astype(int)
    X = rng.normal(size=(n, 2)) + 1.5 * y[:, None]
    s = np.zeros((3, n), int)
    for d in range(3):
        s[d, rng.choice(np.flatnonzero(y), 15, replace=False)] = 1
    return X, y, X[:, 0], s


def pu_labels(n=400, alpha=0.4, beta=0.3, seed=0):
    """The generator, true classes (prevalence alpha) and SCAR labels (a share beta of the positives)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < alpha
    labeled = y & (rng.random(n) < beta)
    return rng, y, labeled


def gaussian_mixture(theta, n_mix=600, n_comp=200, seed=0, shift=3.0, dim=2):
    """A mixture with a share theta of the component's Gaussian, and a sample of the component."""
    rng = np.random.default_rng(seed)
    n_pos = int(round(theta * n_mix))
    mixture = np.vstack([rng.normal(shift, 1, (n_pos, dim)), rng.normal(-shift, 1, (n_mix - n_pos, dim))])
    return mixture, rng.normal(shift, 1, (n_comp, dim))


def scar_labels(n_pos, n_neg, c, rng):
    """y and SCAR labels s: a fraction c of the positives labeled; θ = positives' share of the unlabeled."""
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    s = np.zeros(y.size, int)
    s[rng.choice(n_pos, int(round(c * n_pos)), replace=False)] = 1
    return y, s, y[s == 0].mean()


def sar_population(rng, n=4000):
    """A population whose labeling propensity rises with the score: e = 0.05 + 0.5·sigmoid(2x) on positives."""
    y = rng.random(n) < 0.4
    scores = y * 1.2 + rng.normal(size=n)
    e = 0.05 + 0.5 / (1 + np.exp(-2 * scores))
    return y, scores, e


def scar_scores(seed, n=400, alpha=0.4, beta=0.3, ties=False):
    """True classes, SCAR labels (a share beta of the positives) and normal scores, rounded to make ties."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < alpha).astype(int)
    scores = rng.normal(1.2 * y, 1.0)
    if ties:
        scores = np.round(scores, 1)
    s = np.zeros(n, int)
    s[rng.choice(np.flatnonzero(y == 1), int(beta * y.sum()), replace=False)] = 1
    return y, s, scores


def table1_estimates():
    """A small per-draw estimates frame of two datasets at two β, as Table 1 reads it."""
    rows = []
    for dataset, auc, aul in (("airfoil", 0.84, 0.67), ("abalone", 0.8, 0.65)):
        for beta in (0.1, 0.4):
            for draw, (e_aul, e_km1) in enumerate([(0.01, -0.05), (-0.03, 0.07)]):
                rows.append(dict(dataset=dataset, beta=beta, n=100, alpha=0.5, auc=auc, aul=aul, draw=draw,
                                 aul_pu=aul + e_aul, auc_est_km1=auc + e_km1))
    return pd.DataFrame(rows)

