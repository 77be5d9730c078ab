"""The light core (pueval.extras): the core install imports and runs without the estimators' stack, and a
missing extra is one line naming it. .ci/library-alone.sh checks the same on real installs."""

import subprocess
import sys

import pytest

from pueval import extras

MPE_STACK = ("numba", "lightgbm", "sklearn", "matplotlib")


def test_the_core_imports_none_of_the_estimators_stack():
    code = ("import sys, pueval, pueval.aul_pu, pueval.metrics, pueval.curves, pueval.related, pueval.cli\n"
            "pueval.aul_pu_score([1, 0, 0, 1], [0.9, 0.1, 0.4, 0.8])\n"
            f"print(sorted(m for m in {MPE_STACK!r} if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


@pytest.mark.parametrize(("module", "extra"), [("numba", "mpe"), ("sklearn.model_selection", "mpe"),
                                               ("matplotlib.pyplot", "plot")])
def test_a_missing_package_names_its_extra(monkeypatch, module, extra):
    package = module.partition(".")[0]
    for name in [m for m in sys.modules if m == package or m.startswith(f"{package}.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, package, None)  # `import package` now raises ImportError
    with pytest.raises(extras.MissingExtraError) as raised:
        extras.require(module, "this feature")
    packages = {"mpe": "numba lightgbm scikit-learn", "plot": "matplotlib"}[extra]
    assert str(raised.value) == (f"{package} is needed for this feature; the {extra!r} extra installs it: "
                                 f"pip install '.[{extra}]' in a clone of pueval (from a built wheel: pip install "
                                 f"'pueval-….whl[{extra}]'), or its packages alone: pip install {packages}")


def test_only_optional_packages_are_required_by_name():
    with pytest.raises(ValueError, match="'numpy' is not an optional package"):
        extras.require("numpy", "x")


@pytest.mark.parametrize(("method", "name"), [("bbe", "BBE"), ("en", "EN"), ("distcurve", "DistCurve")])
def test_a_missing_extra_names_the_prior_estimator_asked_for(monkeypatch, method, name):
    """`--mpe bbe` on an install without LightGBM named DistCurve (whose module BBE's transform loads)."""
    from pueval.mpe.priors import PriorEstimator

    for module in [m for m in sys.modules if m == "lightgbm" or m.startswith("lightgbm.")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "lightgbm", None)
    with pytest.raises(extras.MissingExtraError, match=f"lightgbm is needed for the prior estimator {name};"):
        PriorEstimator((method,))
