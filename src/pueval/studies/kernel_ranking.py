"""PU_AUC (Sakai, Niu & Sugiyama 2018) and PU_AUL: kernel pairwise-ranking models in closed form.

Both fit f(x) = Σ_l w_l·exp(−‖x − c_l‖² / (2σ²)) = φ(x)ᵀw over b Gaussian centers c_l, with the
squared pairwise loss ℓ(m) = (1 − m)² of a margin m = f(x) − f(x'). For samples A and B of basis
vectors, the mean loss over the pairs A × B is

    1 − 2·wᵀ(m_A − m_B) + wᵀ C_AB w,   C_AB = S_A + S_B − m_A m_Bᵀ − m_B m_Aᵀ,

with m the mean and S = E[φφᵀ] of each sample; over the distinct pairs of one sample P it is
1 + 2·wᵀΣ_P w (Σ_P the unbiased covariance). Every risk below is thus const − 2hᵀw + wᵀHw, and
with the penalty λ‖w‖² its minimizer is w = (H + λI)⁻¹h.

* PU_AUC minimizes the PU-AUC risk (Sakai et al., Eq. for R_PU with squared loss)

      R = (1/θ_N)·E_L E_U ℓ(f(x_L) − f(x_U)) − (θ_P/θ_N)·E_L E_L' ℓ(f(x_L) − f(x_L')),

  θ_P the positive fraction within U, θ_N = 1 − θ_P: h = (m_L − m_U)/θ_N and
  H = (C_LU − 2θ_P Σ_L)/θ_N. Under SCAR, U = θ_P·P + θ_N·N, so R is unbiased for the PN risk
  E_P E_N ℓ(f(x_P) − f(x_N)) when θ_P is the true prior. An over-estimated θ_P can make H
  indefinite and the risk unbounded below; :class:`Solver` then clips H's negative eigenvalues to
  0 (its nearest positive semi-definite matrix) and reports how many it clipped.
* PU_AUL minimizes the same loss over labeled-vs-all pairs, the surrogate of AUL^PU (Eq. 2 with
  the labeled rows as positives); it needs no prior: h = m_L − m_A, H = C_LA (A = all rows).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def gaussian_basis(X: np.ndarray, centers: np.ndarray, sigma: float) -> np.ndarray:
    """φ(x) for every row: exp(−‖x − c_l‖² / (2σ²)), shape (n, b)."""
    sq = np.einsum("ij,ij->i", X, X)[:, None] + np.einsum("ij,ij->i", centers, centers)[None, :] - 2.0 * X @ centers.T
    return np.exp(np.maximum(sq, 0.0) / (-2.0 * sigma * sigma))


@dataclass(frozen=True)
class Moments:
    """Sufficient statistics of one sample of basis vectors: count, Σφ and Σφφᵀ."""

    n: int
    total: np.ndarray
    outer: np.ndarray

    @classmethod
    def of(cls, Phi: np.ndarray) -> Moments:
        return cls(len(Phi), Phi.sum(axis=0), Phi.T @ Phi)

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.total + other.total, self.outer + other.outer)

    def __sub__(self, other: Moments) -> Moments:
        return Moments(self.n - other.n, self.total - other.total, self.outer - other.outer)

    @property
    def mean(self) -> np.ndarray:
        return self.total / self.n

    def cross(self, other: Moments) -> np.ndarray:
        """C_AB: the mean of (φ_a − φ_b)(φ_a − φ_b)ᵀ over all pairs of the two samples."""
        ma, mb = self.mean, other.mean
        return self.outer / self.n + other.outer / other.n - np.outer(ma, mb) - np.outer(mb, ma)

    def covariance(self) -> np.ndarray:
        """Σ, unbiased: half the mean of (φ_i − φ_j)(φ_i − φ_j)ᵀ over distinct pairs."""
        m = self.mean
        return (self.outer - self.n * np.outer(m, m)) / (self.n - 1)


def pu_auc_system(labeled: Moments, unlabeled: Moments, theta_p: float) -> tuple[np.ndarray, np.ndarray]:
    """(H, h) of the PU-AUC risk (module docstring); θ_P in [0, 1)."""
    if not 0.0 <= theta_p < 1.0:
        raise ValueError(f"PU_AUC needs a prior in [0, 1), got {theta_p}")
    if labeled.n < 2:
        raise ValueError("PU_AUC needs at least two labeled rows")
    theta_n = 1.0 - theta_p
    H = (labeled.cross(unlabeled) - 2.0 * theta_p * labeled.covariance()) / theta_n
    return H, (labeled.mean - unlabeled.mean) / theta_n


def pu_aul_system(labeled: Moments, unlabeled: Moments) -> tuple[np.ndarray, np.ndarray]:
    """(H, h) of the labeled-vs-all pair risk (module docstring); all = labeled + unlabeled."""
    everything = labeled + unlabeled
    return labeled.cross(everything), labeled.mean - everything.mean


class Solver:
    """w = (H⁺ + λI)⁻¹h for any λ from one eigendecomposition; H⁺ is H with negative eigenvalues clipped."""

    def __init__(self, H: np.ndarray, h: np.ndarray):
        eigenvalues, self.vectors = np.linalg.eigh(0.5 * (H + H.T))
        tolerance = 1e-10 * max(abs(eigenvalues).max(), 1e-300)
        self.clipped = int((eigenvalues < -tolerance).sum())
        self.eigenvalues = np.maximum(eigenvalues, 0.0)
        self.projected = self.vectors.T @ h

    def __call__(self, lam: float) -> np.ndarray:
        if lam <= 0:
            raise ValueError(f"the penalty λ must be positive, got {lam}")
        return self.vectors @ (self.projected / (self.eigenvalues + lam))


def pair_risk(f_a: np.ndarray, f_b: np.ndarray) -> float:
    """Mean of (1 − (f_a − f_b))² over all pairs of the two samples, in O(n)."""
    diff = f_a.mean() - f_b.mean()
    return float(1.0 - 2.0 * diff + f_a.var() + f_b.var() + diff * diff)


def pu_auc_risk(f_labeled: np.ndarray, f_unlabeled: np.ndarray, theta_p: float) -> float:
    """The empirical PU-AUC risk R of scores (module docstring), distinct pairs within L."""
    within = 1.0 + 2.0 * np.var(f_labeled, ddof=1)
    return (pair_risk(f_labeled, f_unlabeled) - theta_p * within) / (1.0 - theta_p)
