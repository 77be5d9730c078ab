"""Jain, White & Radivojac (2017)'s classifier: bagged small networks trained by resilient propagation,
scored out of bag.

The paper ("Data sets and classification models"): "ensembles of 100 feed-forward neural networks
(Breiman 1996). Each network had five hidden neurons and was trained using resilient propagation
(Riedmiller and Braun 1993). A validation set containing 25% of the training data was used to terminate
training. […] Accuracies were estimated using the out-of-bag approach." Its authors published no code for
it; this module restates that paragraph, and names what the paragraph leaves open:

* **bags**: each network's bag is a bootstrap sample of the n rows (n draws with replacement); of the
  distinct rows in the bag a random 25 % (rounded) is the network's validation set (with their counts),
  the rest its training set, so no row is in both;
* **network**: standardized inputs (the rows' mean and standard deviation), five tanh hidden units, one
  logistic output; the loss is the count-weighted mean cross-entropy (the paper names none);
  weights start uniform in ±1/√fan-in, biases at 0;
* **resilient propagation** as Riedmiller & Braun (1993) define it, with weight-backtracking: every
  weight's step Δ grows by η⁺ = 1.2 (at most Δmax = 50) while its gradient keeps its sign, shrinks by
  η⁻ = 0.5 (at least Δmin = 10⁻⁶) and takes back its last update when the sign flips; Δ₀ = 0.1 (their
  recommended values); full batch;
* **stopping**: after every epoch the validation loss; training stops after ``max_fail`` = 6 epochs
  without improvement (MATLAB's ``trainrp`` default) or ``max_epochs`` = 1,000, and the network keeps the
  weights of its best epoch;
* **out-of-bag score** of a row: the mean output of the networks whose bag does not hold it.

:func:`oob_scores` trains the 100 networks together as arrays of shape (networks, …): each network's loss
depends on its own weights alone and Rprop's update of a weight reads only that weight's gradient, so the
joint run is the same as 100 separate runs; a network that stops leaves the arrays, so an epoch costs what the
networks still training cost. :func:`oob_scores_plain`, one network at a time in plain loops, is the restatement
the tests hold it to.
"""

from __future__ import annotations

import numpy as np

from pueval.distances import standardized
from pueval.validation import ArgumentError

NETWORKS, HIDDEN, VALIDATION = 100, 5, 0.25
ETA_PLUS, ETA_MINUS, STEP0, STEP_MAX, STEP_MIN = 1.2, 0.5, 0.1, 50.0, 1e-6
MAX_FAIL, MAX_EPOCHS = 6, 1000


def bags(n: int, rng: np.random.Generator, networks: int = NETWORKS,
         validation: float = VALIDATION) -> tuple[np.ndarray, np.ndarray]:
    """(training counts, validation counts), each of shape (n, networks): a bootstrap bag of the n rows per
    network, a random ``validation`` share of its distinct rows held out to stop its training."""
    train = np.zeros((n, networks))
    held = np.zeros((n, networks))
    for j in range(networks):
        counts = np.bincount(rng.integers(0, n, size=n), minlength=n).astype(np.float64)
        distinct = np.flatnonzero(counts)
        out = rng.choice(distinct, int(round(validation * distinct.size)), replace=False)
        held[out, j] = counts[out]
        counts[out] = 0
        train[:, j] = counts
    return train, held


def _start(d: int, rng: np.random.Generator, networks: int, hidden: int) -> list[np.ndarray]:
    """Weights: input → hidden (networks, d, hidden), hidden biases (networks, hidden), hidden → output
    (networks, hidden), output biases (networks,)."""
    return [rng.uniform(-1 / np.sqrt(d), 1 / np.sqrt(d), (networks, d, hidden)), np.zeros((networks, hidden)),
            rng.uniform(-1 / np.sqrt(hidden), 1 / np.sqrt(hidden), (networks, hidden)), np.zeros(networks)]


def _check(X, s) -> tuple[np.ndarray, np.ndarray]:
    X, s = standardized(X), np.asarray(s, dtype=np.float64)
    if X.ndim != 2 or s.shape != (X.shape[0],):
        raise ArgumentError("s", f"needs one label per row of X ({X.shape[0]} rows), got shape {s.shape}")
    if not np.isin(s, (0.0, 1.0)).all() or s.min() == s.max():
        raise ArgumentError("s", "must hold both labels 1 (labeled) and 0 (unlabeled), nothing else")
    if not np.isfinite(X).all():
        raise ArgumentError("X", "holds NaN or infinite values")
    return X, s


def oob_scores(X, s, rng: np.random.Generator, *, networks: int = NETWORKS, hidden: int = HIDDEN,
               max_fail: int = MAX_FAIL, max_epochs: int = MAX_EPOCHS) -> np.ndarray:
    """Out-of-bag scores of every row from ``networks`` bagged networks trained on (X, s) (module docstring).

    Parameters
    ----------
    X : array of shape (n, d)
        Features.
    s : array of shape (n,)
        The labels the networks learn (1 labeled, 0 unlabeled: the non-traditional classifier).
    rng : numpy Generator
        Draws the bags, then the starting weights.

    Returns
    -------
    numpy array of shape (n,)
        Each row's mean output over the networks whose bag does not hold it.
    """
    X, s = _check(X, s)
    n, d = X.shape
    train, held = bags(n, rng, networks)
    out_of_bag = (train + held) == 0
    if not out_of_bag.any(axis=1).all():
        raise ArgumentError("networks", f"{networks} bags leave a row in every bag: no out-of-bag score")
    train /= train.sum(axis=0)
    held /= held.sum(axis=0)
    best = _start(d, rng, networks, hidden)

    def forward(w):  # the first layer as one matrix product (d, networks · hidden), over the networks in w
        k = w[0].shape[0]
        A = X @ w[0].transpose(1, 0, 2).reshape(d, k * hidden)
        A += w[1].reshape(-1)
        H = np.tanh(A, out=A).reshape(n, k, hidden)
        return H, np.einsum("njh,jh->nj", H, w[2]) + w[3]

    # the networks still training (`on`) and their state: weights, Rprop's steps, last gradients, last updates;
    # a network that stops leaves every array (its best weights stay in `best`), so an epoch costs what the
    # networks still training cost: each network's numbers are those it would have alone
    on = np.arange(networks)
    weights = [w.copy() for w in best]
    steps = [np.full_like(w, STEP0) for w in weights]
    last_grad = [np.zeros_like(w) for w in weights]
    last_update = [np.zeros_like(w) for w in weights]
    best_loss, fails = np.full(networks, np.inf), np.zeros(networks, int)
    for _ in range(max_epochs):
        H, z = forward(weights)
        loss = (held * (np.log1p(np.exp(-np.abs(z))) + np.maximum(z, 0.0) - s[:, None] * z)).sum(axis=0)
        improved = loss < best_loss[on]
        for b, w in zip(best, weights):
            b[on[improved]] = w[improved]
        best_loss[on[improved]] = loss[improved]
        fails[on] = np.where(improved, 0, fails[on] + 1)
        going = fails[on] < max_fail
        if not going.any():
            break
        if not going.all():
            on, train, held, H, z = on[going], train[:, going], held[:, going], H[:, going], z[:, going]
            weights, steps, last_grad, last_update = ([a[going] for a in state]
                                                      for state in (weights, steps, last_grad, last_update))
        dz = train * (1.0 / (1.0 + np.exp(-z)) - s[:, None])
        dA = H * H
        np.subtract(1.0, dA, out=dA)
        dA *= weights[2]
        dA *= dz[:, :, None]
        grads = [(X.T @ dA.reshape(n, -1)).reshape(d, on.size, hidden).transpose(1, 0, 2), dA.sum(axis=0),
                 np.einsum("nj,njh->jh", dz, H), dz.sum(axis=0)]
        for w, g, step, prev, update in zip(weights, grads, steps, last_grad, last_update):
            same, flip = prev * g > 0, prev * g < 0
            step[...] = np.where(same, np.minimum(step * ETA_PLUS, STEP_MAX),
                                 np.where(flip, np.maximum(step * ETA_MINUS, STEP_MIN), step))
            update[...] = np.where(flip, -update, -np.sign(g) * step)
            w += update
            prev[...] = np.where(flip, 0.0, g)
    _, z = forward(best)
    output = 1.0 / (1.0 + np.exp(-z))
    return np.where(out_of_bag, output, 0.0).sum(axis=1) / out_of_bag.sum(axis=1)


def oob_scores_plain(X, s, rng: np.random.Generator, *, networks: int = NETWORKS, hidden: int = HIDDEN,
                     max_fail: int = MAX_FAIL, max_epochs: int = MAX_EPOCHS) -> np.ndarray:
    """:func:`oob_scores` restated one network and one weight at a time, for the tests (slow)."""
    X, s = _check(X, s)
    n, d = X.shape
    train, held = bags(n, rng, networks)
    start = _start(d, rng, networks, hidden)
    total, seen = np.zeros(n), np.zeros(n)
    for j in range(networks):
        W1, b1, w2, b2 = (start[0][j].copy(), start[1][j].copy(), start[2][j].copy(), float(start[3][j]))
        t, v = train[:, j] / train[:, j].sum(), held[:, j] / held[:, j].sum()
        weights = [W1, b1, w2, np.array([b2])]
        steps = [np.full(w.shape, STEP0) for w in weights]
        prev = [np.zeros(w.shape) for w in weights]
        update = [np.zeros(w.shape) for w in weights]
        best, best_loss, fails = [w.copy() for w in weights], np.inf, 0
        for _ in range(max_epochs):
            loss, grads = 0.0, [np.zeros(w.shape) for w in weights]
            for i in range(n):
                h = np.tanh(X[i] @ weights[0] + weights[1])
                z = float(h @ weights[2] + weights[3][0])
                loss += v[i] * (np.log1p(np.exp(-abs(z))) + max(z, 0.0) - s[i] * z)
                dz = t[i] * (1.0 / (1.0 + np.exp(-z)) - s[i])
                da = dz * weights[2] * (1.0 - h * h)
                grads[0] += np.outer(X[i], da)
                grads[1] += da
                grads[2] += dz * h
                grads[3][0] += dz
            if loss < best_loss:
                best, best_loss, fails = [w.copy() for w in weights], loss, 0
            else:
                fails += 1
                if fails >= max_fail:
                    break
            for w, g, step, p, u in zip(weights, grads, steps, prev, update):
                for k in np.ndindex(w.shape):
                    if p[k] * g[k] > 0:
                        step[k] = min(step[k] * ETA_PLUS, STEP_MAX)
                        u[k] = -np.sign(g[k]) * step[k]
                        p[k] = g[k]
                    elif p[k] * g[k] < 0:
                        step[k] = max(step[k] * ETA_MINUS, STEP_MIN)
                        u[k] = -u[k]
                        p[k] = 0.0
                    else:
                        u[k] = -np.sign(g[k]) * step[k]
                        p[k] = g[k]
                    w[k] += u[k]
        outside = (train[:, j] + held[:, j]) == 0
        h = np.tanh(X[outside] @ best[0] + best[1])
        total[outside] += 1.0 / (1.0 + np.exp(-(h @ best[2] + best[3][0])))
        seen[outside] += 1
    return total / seen
