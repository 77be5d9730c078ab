"""A PU researcher's flow: pulearn's classifiers on scikit-learn's breast-cancer data, pulearn's ±1 labels
straight into pueval (AUL^PU and its interval, comparing two models without a prior, the six prior
estimators). pulearn is not a dependency of pueval; this example brings it for one run:

    uv run --with pulearn python -W ignore::FutureWarning examples/pulearn_client_flow.py
"""
import warnings

import numpy as np
from pulearn import ElkanotoPuClassifier, WeightedElkanotoPuClassifier
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

import pueval
from pueval.mpe import estimate_prior

X, y = load_breast_cancer(return_X_y=True)
y = 1 - y  # malignant = positive (212 of 569)
rng = np.random.default_rng(0)
s = np.where((y == 1) & (rng.random(y.size) < 0.5), 1, -1)  # pulearn's labels: 1 labeled, -1 unlabeled (SCAR, c = 0.5)
X_train, X_test, s_train, s_test, y_train, y_test = train_test_split(X, s, y, test_size=0.5, random_state=0,
                                                                     stratify=y)
model_a = ElkanotoPuClassifier(estimator=SVC(C=10, kernel="rbf", gamma=0.4, probability=True), hold_out_ratio=0.2)
model_b = WeightedElkanotoPuClassifier(estimator=SVC(C=10, kernel="rbf", gamma=0.4, probability=True),
                                       labeled=int((s_train == 1).sum()), unlabeled=int((s_train == -1).sum()),
                                       hold_out_ratio=0.2)
scaler = StandardScaler().fit(X_train)
model_a.fit(scaler.transform(X_train), s_train)
model_b.fit(scaler.transform(X_train)[:, :3], s_train)  # B sees 3 of the 30 features
a = model_a.predict_proba(scaler.transform(X_test))[:, 1]
b = model_b.predict_proba(scaler.transform(X_test)[:, :3])[:, 1]
print("AUL^PU of A (pulearn's ±1 labels):", round(pueval.aul_pu_score(s_test, a), 4),
      "interval", tuple(round(v, 4) for v in pueval.aul_pu_interval(s_test, a)))
print("true AUL of A:", round(pueval.metrics.aul(y_test, a), 4), " true AUC A/B:",
      round(pueval.metrics.auc(y_test, a), 4), round(pueval.metrics.auc(y_test, b), 4))
result = pueval.aul_pu_difference(s_test, a, b)
print("compare A vs B:", {k: (round(v, 4) if isinstance(v, float) else v) for k, v in result.as_dict().items()})
theta = y_test[s_test == -1].mean()
print("true theta of the test rows:", round(theta, 4))
for method in ("km1", "km2", "distcurve", "en", "bbe", "tice"):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        e = estimate_prior(X_test, s_test, method, random_state=0)
    print(f"estimate_prior {method:9s}: theta {e.theta:.4f}, at_bound {e.at_bound}",
          *(f"[warning: {w.message}]" for w in caught))
