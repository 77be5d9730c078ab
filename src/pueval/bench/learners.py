"""The PU learners built into ``pueval bench``, each a scikit-learn classifier fitted on (X, s), s = 1 on the
labeled rows and 0 on the unlabeled ones, that scores rows by ``predict_proba``; each defines ``pu_risk(X, s)``,
the risk it minimizes, by which ``bench`` can tune it on a validation split (lower is better).

* :class:`NaiveLightGBM`, :class:`NaiveLogistic`: the naive classifier, unlabeled taken as negative (its risk:
  the log-loss of s);
* :class:`ElkanNoto`: Elkan & Noto (2008): a classifier g of s fitted on 90 % of the rows, c = the mean of g
  over the labeled rows of the other 10 %, p(y = 1 | x) = min(g(x)/c, 1) (their e₁ estimator; the ties at 1
  are theirs); its risk: g's log-loss of s;
* :class:`BaggingPU`: Mordelet & Vert (2014): T bags, each every labeled row against a bootstrap sample of K
  unlabeled rows (K = the labeled count), an RBF support vector machine per bag, the score the mean decision
  value over the bags; its risk: the balanced hinge loss of that mean;
* :class:`NNPU`: uPU (du Plessis et al. 2015) and nnPU (Kiryo et al. 2017) as the authors' code
  (kiryor/nnPUlearning: ``pu_loss.py``, ``model.py``, ``train.py``) defines them: the sigmoid loss
  l(z) = σ(−z); the risk π·E_P[l(f)] + E_U[l(−f)] − π·E_P[l(−f)] on each minibatch; nnPU takes, when
  the negative part E_U[l(−f)] − π·E_P[l(−f)] falls below −β, the gradient of −γ times it instead (β = 0,
  γ = 1); Adam (α = 10⁻³) with weight decay 0.005, 100 epochs, batches of 10,000; the linear model or the
  three-layer perceptron (100 ReLU units) with LeCun-normal weights. Their P is the labeled rows, U the
  unlabeled ones and π the positive share of U (``make_dataset``). Inputs are standardized (theirs are pixel
  intensities scaled to [0, 1]).
"""

from __future__ import annotations

import numpy as np

from pueval.extras import require
from pueval.validation import ArgumentError

sklearn_base = require("sklearn.base", "pueval bench's learners")


def _labels(s) -> np.ndarray:
    s = np.asarray(s)
    if s.ndim != 1 or not np.isin(s, (0, 1)).all() or s.min() == s.max():
        raise ArgumentError("s", "must be 1 (labeled) and 0 (unlabeled), both present, one per row")
    return s.astype(int)


def _log_loss(s: np.ndarray, p: np.ndarray) -> float:
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(s * np.log(p) + (1 - s) * np.log1p(-p)))


class _Learner(sklearn_base.ClassifierMixin, sklearn_base.BaseEstimator):
    """What the built-ins share: classes (0, 1), predict_proba from a positive-class score."""

    def _positive(self, X) -> np.ndarray:  # pragma: no cover - every learner defines it
        raise NotImplementedError

    def predict_proba(self, X) -> np.ndarray:
        p = self._positive(np.asarray(X, dtype=np.float64))
        return np.column_stack([1 - p, p])

    def predict(self, X) -> np.ndarray:
        return (self.predict_proba(X)[:, 1] >= 0.5).astype(int)

    def pu_risk(self, X, s) -> float:
        """The log-loss of s (the naive classifier's risk)."""
        return _log_loss(_labels(s), self.predict_proba(X)[:, 1])


class NaiveLightGBM(_Learner):
    """LightGBM fitted on s, unlabeled rows taken as negative; each tree on a random 80 % of the rows
    (``subsample``), so that its seed matters (two copies under two seeds are two draws of one learner)."""

    def __init__(self, n_estimators: int = 100, num_leaves: int = 31, learning_rate: float = 0.1,
                 random_state: int = 0):
        self.n_estimators, self.num_leaves, self.learning_rate = n_estimators, num_leaves, learning_rate
        self.random_state = random_state

    def fit(self, X, s):
        lgb = require("lightgbm", "pueval bench's NaiveLightGBM")
        self.model_ = lgb.LGBMClassifier(n_estimators=self.n_estimators, num_leaves=self.num_leaves,
                                         learning_rate=self.learning_rate, subsample=0.8, subsample_freq=1,
                                         random_state=self.random_state, n_jobs=1, verbose=-1)
        self.model_.fit(np.asarray(X, dtype=np.float64), _labels(s))
        self.classes_ = np.array([0, 1])
        return self

    def _positive(self, X):
        return self.model_.predict_proba(X)[:, 1]


def _logistic(C: float, random_state: int):
    pipeline = require("sklearn.pipeline", "pueval bench's logistic learners")
    preprocessing = require("sklearn.preprocessing", "pueval bench's logistic learners")
    linear = require("sklearn.linear_model", "pueval bench's logistic learners")
    return pipeline.make_pipeline(preprocessing.StandardScaler(),
                                  linear.LogisticRegression(C=C, max_iter=1000, random_state=random_state))


class NaiveLogistic(_Learner):
    """Logistic regression (standardized inputs, L2 penalty 1/C) fitted on s."""

    def __init__(self, C: float = 1.0, random_state: int = 0):
        self.C, self.random_state = C, random_state

    def fit(self, X, s):
        self.model_ = _logistic(self.C, self.random_state).fit(np.asarray(X, dtype=np.float64), _labels(s))
        self.classes_ = np.array([0, 1])
        return self

    def _positive(self, X):
        return self.model_.predict_proba(X)[:, 1]


class ElkanNoto(_Learner):
    """Elkan & Noto (2008): p(y = 1 | x) = min(g(x)/c, 1), g a logistic regression of s, c = E[g | labeled] on
    a held-out ``hold_out`` share of the rows."""

    def __init__(self, C: float = 1.0, hold_out: float = 0.1, random_state: int = 0):
        self.C, self.hold_out, self.random_state = C, hold_out, random_state

    def fit(self, X, s):
        X, s = np.asarray(X, dtype=np.float64), _labels(s)
        rng = np.random.default_rng(self.random_state)
        held = np.zeros(s.size, dtype=bool)
        held[rng.choice(s.size, max(1, int(round(self.hold_out * s.size))), replace=False)] = True
        if not s[held].any() or s[~held].min() == s[~held].max():
            raise ArgumentError("s", "Elkan & Noto's hold-out needs labeled rows on both sides")
        self.model_ = _logistic(self.C, self.random_state).fit(X[~held], s[~held])
        self.c_ = float(self.model_.predict_proba(X[held & (s == 1)])[:, 1].mean())
        self.classes_ = np.array([0, 1])
        return self

    def _positive(self, X):
        return np.minimum(self.model_.predict_proba(X)[:, 1] / self.c_, 1.0)

    def pu_risk(self, X, s) -> float:
        """g's log-loss of s."""
        return _log_loss(_labels(s), self.model_.predict_proba(np.asarray(X, dtype=np.float64))[:, 1])


class BaggingPU(_Learner):
    """Mordelet & Vert (2014)'s bagging SVM: ``n_estimators`` bags of every labeled row against K unlabeled rows
    drawn with replacement (K = the labeled count), an RBF SVM (``C``, standardized inputs) per bag."""

    def __init__(self, C: float = 1.0, n_estimators: int = 30, random_state: int = 0):
        self.C, self.n_estimators, self.random_state = C, n_estimators, random_state

    def fit(self, X, s):
        svm = require("sklearn.svm", "pueval bench's BaggingPU")
        preprocessing = require("sklearn.preprocessing", "pueval bench's BaggingPU")
        X, s = np.asarray(X, dtype=np.float64), _labels(s)
        self.scaler_ = preprocessing.StandardScaler().fit(X)
        X = self.scaler_.transform(X)
        positive, unlabeled = np.flatnonzero(s == 1), np.flatnonzero(s == 0)
        rng = np.random.default_rng(self.random_state)
        self.models_ = []
        for _ in range(self.n_estimators):
            rows = np.r_[positive, rng.choice(unlabeled, positive.size, replace=True)]
            self.models_.append(svm.SVC(C=self.C, kernel="rbf", gamma="scale").fit(X[rows], s[rows]))
        self.classes_ = np.array([0, 1])
        return self

    def decision_function(self, X) -> np.ndarray:
        X = self.scaler_.transform(np.asarray(X, dtype=np.float64))
        return np.mean([model.decision_function(X) for model in self.models_], axis=0)

    def _positive(self, X):
        return 1.0 / (1.0 + np.exp(-self.decision_function(X)))

    def pu_risk(self, X, s) -> float:
        """The balanced hinge loss of the mean decision value: ½·E_P[(1 − f)₊] + ½·E_U[(1 + f)₊]."""
        s, f = _labels(s), self.decision_function(X)
        return float(0.5 * np.maximum(0, 1 - f[s == 1]).mean() + 0.5 * np.maximum(0, 1 + f[s == 0]).mean())


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


class NNPU(_Learner):
    """uPU (``nonnegative=False``) and nnPU (module docstring), on a linear model or the three-layer perceptron
    (``model="mlp"``); ``prior`` is π, the positive share of the unlabeled rows (needed)."""

    def __init__(self, prior: float | None = None, model: str = "linear", nonnegative: bool = True,
                 stepsize: float = 1e-3, weight_decay: float = 0.005, epochs: int = 100, batch_size: int = 10_000,
                 hidden: int = 100, beta: float = 0.0, gamma: float = 1.0, random_state: int = 0):
        self.prior, self.model, self.nonnegative, self.stepsize = prior, model, nonnegative, stepsize
        self.weight_decay, self.epochs, self.batch_size, self.hidden = weight_decay, epochs, batch_size, hidden
        self.beta, self.gamma, self.random_state = beta, gamma, random_state

    def _forward(self, X, weights):
        if self.model == "linear":
            return X @ weights[0] + weights[1], None
        hidden = np.maximum(X @ weights[0] + weights[1], 0.0)
        return hidden @ weights[2] + weights[3], hidden

    def _parts(self, f: np.ndarray, s: np.ndarray) -> tuple[float, float, np.ndarray, np.ndarray]:
        """(positive risk, negative risk, their gradients in f) of one batch, as ``PULoss.forward``."""
        positive, unlabeled = s == 1, s == 0
        n_p, n_u = max(1, int(positive.sum())), max(1, int(unlabeled.sum()))
        pi = self.prior
        loss_pos, loss_neg = _sigmoid(-f), _sigmoid(f)  # l(f) and l(−f) for l(z) = σ(−z)
        slope = loss_pos * loss_neg  # |dl/dz|, the same for both
        w_pos = pi * positive / n_p
        w_neg = unlabeled / n_u - pi * positive / n_p
        return (float((w_pos * loss_pos).sum()), float((w_neg * loss_neg).sum()), -w_pos * slope, w_neg * slope)

    def _gradients(self, X: np.ndarray, s: np.ndarray, weights: list) -> list[np.ndarray]:
        """The gradient ``PULoss.backward`` gives on one batch: of the risk, or with nnPU, when the negative part
        is below −β, of −γ times the negative part."""
        f, hidden = self._forward(X, weights)
        _, negative, d_pos, d_neg = self._parts(f, s)
        df = -self.gamma * d_neg if self.nonnegative and negative < -self.beta else d_pos + d_neg
        if self.model == "linear":
            return [X.T @ df, np.array([df.sum()])]
        dh = np.outer(df, weights[2]) * (hidden > 0)
        return [X.T @ dh, dh.sum(axis=0), hidden.T @ df, np.array([df.sum()])]

    def fit(self, X, s):
        if self.prior is None or not 0 < self.prior < 1:
            raise ArgumentError("prior", f"uPU and nnPU need the class prior π in (0, 1), got {self.prior!r}")
        if self.model not in ("linear", "mlp"):
            raise ArgumentError("model", f"must be 'linear' or 'mlp', got {self.model!r}")
        X, s = np.asarray(X, dtype=np.float64), _labels(s)
        self.mean_, spread = X.mean(axis=0), X.std(axis=0)
        self.scale_ = np.where(spread > 0, spread, 1.0)
        X = (X - self.mean_) / self.scale_
        rng = np.random.default_rng(self.random_state)
        d = X.shape[1]
        if self.model == "linear":
            weights = [rng.normal(0, 1 / np.sqrt(d), d), np.zeros(1)]
        else:
            weights = [rng.normal(0, 1 / np.sqrt(d), (d, self.hidden)), np.zeros(self.hidden),
                       rng.normal(0, 1 / np.sqrt(self.hidden), self.hidden), np.zeros(1)]
        first, second = [np.zeros_like(w) for w in weights], [np.zeros_like(w) for w in weights]
        step = 0
        for _ in range(self.epochs):
            order = rng.permutation(s.size)
            for start in range(0, s.size, self.batch_size):
                batch = order[start:start + self.batch_size]
                grads = self._gradients(X[batch], s[batch], weights)
                step += 1
                for w, g, m, v in zip(weights, grads, first, second):  # chainer's Adam with WeightDecay
                    g = g + self.weight_decay * w
                    m += 0.1 * (g - m)
                    v += 0.001 * (g * g - v)
                    w -= self.stepsize * np.sqrt(1 - 0.999**step) / (1 - 0.9**step) * m / (np.sqrt(v) + 1e-8)
        self.weights_ = weights
        self.classes_ = np.array([0, 1])
        return self

    def decision_function(self, X) -> np.ndarray:
        return self._forward((np.asarray(X, dtype=np.float64) - self.mean_) / self.scale_, self.weights_)[0]

    def _positive(self, X):
        return _sigmoid(self.decision_function(X))

    def pu_risk(self, X, s) -> float:
        """The risk it minimizes on (X, s): uPU's, or nnPU's with the negative part floored at 0."""
        positive, negative, _, _ = self._parts(self.decision_function(X), _labels(s))
        return positive + (max(negative, 0.0) if self.nonnegative else negative)
