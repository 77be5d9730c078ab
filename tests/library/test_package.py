"""The package as users find it: a version, the project files, every public submodule an attribute of ``pueval``,
every public function type-hinted."""

import subprocess
import sys

import pytest

import pueval
from pueval import curves, metrics, related
from pueval.mpe.priors import estimate_prior


def test_every_public_submodule_is_an_attribute_of_the_package():
    # in a fresh interpreter: in this one, other tests have imported the submodules already
    code = ("import pueval\n"
            "for name in sorted(pueval.SUBMODULES):\n"
            "    assert getattr(pueval, name).__name__ == f'pueval.{name}', name\n")
    subprocess.run([sys.executable, "-c", code], check=True)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        pueval.nothing  # noqa: B018


def test_pueval_has_a_version_and_the_project_files_users_look_for(repo):
    assert pueval.__version__.count(".") == 2
    for name in ("LICENSE", "CITATION.cff", "CHANGELOG.md", "src/pueval/py.typed"):
        assert (repo / name).is_file(), name
    assert f"## {pueval.__version__}" in (repo / "CHANGELOG.md").read_text()
    assert f"version: {pueval.__version__}" in (repo / "CITATION.cff").read_text()


def test_every_public_function_is_type_hinted():
    import inspect

    public = [pueval.aul_pu_score, pueval.aul_pu_interval, pueval.aul_pu_difference, metrics.auc, metrics.aul,
              metrics.corrected_auc, estimate_prior, *(getattr(curves, n) for n in curves.__all__
                                                      if inspect.isfunction(getattr(curves, n))),
              *(f for _, f in inspect.getmembers(related, inspect.isfunction) if f.__module__ == related.__name__
                and not f.__name__.startswith("_"))]
    for function in public:
        signature = inspect.signature(inspect.unwrap(function))
        missing = [p for p, v in signature.parameters.items() if v.annotation is inspect.Parameter.empty
                   and p != "options"]
        assert not missing and signature.return_annotation is not inspect.Parameter.empty, (function, missing)


PUBLIC_MODULES = ["pueval.aul_pu", "pueval.metrics", "pueval.curves", "pueval.plots", "pueval.related",
                  "pueval.propensity", "pueval.sar_em", "pueval.mpe.priors", "pueval.mpe.kernel_embedding",
                  "pueval.mpe.distance_curve", "pueval.mpe.elkan_noto", "pueval.mpe.best_bin", "pueval.mpe.tice",
                  "pueval.bench.core", "pueval.bench.plugin", "pueval.bench.ranking", "pueval.streaming"]


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_public_function_has_parameters_returns_and_examples(module):
    """What the API pages show (each module's ``__all__``): numpydoc sections a reader can rely on."""
    import importlib
    import inspect

    found = importlib.import_module(module)
    for name in found.__all__:
        function = inspect.unwrap(getattr(found, name))
        if inspect.isfunction(function) and function.__module__ == module:
            doc = inspect.getdoc(function) or ""
            wanted = ("Parameters", "Returns", "Examples") if inspect.signature(function).parameters else \
                ("Returns", "Examples")
            missing = [s for s in wanted if f"\n{s}\n" not in doc]
            assert not missing, f"{module}.{name} lacks {', '.join(missing)}"


def test_every_docstring_example_is_under_an_examples_heading(repo):
    """On the API pages a doctest outside an Examples section renders as nested quotes; every docstring of
    ``src/pueval`` with one has the heading (read with ``ast``, so the pipeline's modules count too)."""
    import ast

    bare = []
    for path in sorted((repo / "src" / "pueval").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)):
                doc = ast.get_docstring(node) or ""
                if ">>>" in doc and "\nExamples\n--------\n" not in doc:
                    bare.append(f"{path.relative_to(repo)}:{getattr(node, 'name', 'module')}")
    assert not bare, bare
