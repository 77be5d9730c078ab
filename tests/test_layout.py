"""The three wings: the library imports neither the studies nor the pipeline, nor the pipeline's stack;
the studies do not import the pipeline (pipeline → studies → library). One library module may import
matplotlib: ``pueval.plots``, the curves of ``pueval evaluate --plot`` (the optional extra ``plot``); one may import
PyYAML: ``pueval.bench.plugin``, a YAML learners file (the optional extra ``bench``)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pueval"
PIPELINE_STACK = ("snakemake", "matplotlib", "jsonschema", "ucimlrepo", "xlrd")
IMPORTED_BY_THE_PIPELINE_ONLY = (*PIPELINE_STACK, "yaml")  # numba loads yaml itself when it is installed


def _modules(folder: Path, *, skip=()) -> list[str]:
    names = []
    for path in sorted(folder.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        if relative.parts[1:2] and relative.parts[1] in skip:
            continue
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        names.append(".".join(parts))
    return names


LIBRARY = [m for m in _modules(PACKAGE, skip=("studies", "pipeline")) if m != "pueval.__main__"]  # runs the CLI
OPTIONAL = {"pueval.plots": {"matplotlib"},  # the library's optional extra `plot`
            "pueval.bench.plugin": {"yaml"}}  # a YAML learners file (the optional extra `bench`)
STUDIES = _modules(PACKAGE / "studies")


def _imported(path: Path) -> set[str]:
    """Every module an import statement of the file names, at any depth (lazy imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _file(module: str) -> Path:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@pytest.mark.parametrize("module", LIBRARY)
def test_no_library_module_imports_the_studies_the_pipeline_or_its_stack(module):
    wrong = {name for name in _imported(_file(module))
             if name.startswith(("pueval.studies", "pueval.pipeline"))
             or name.split(".")[0] in set(IMPORTED_BY_THE_PIPELINE_ONLY) - OPTIONAL.get(module, set())}
    assert not wrong, f"{module} imports {sorted(wrong)}"


@pytest.mark.parametrize("module", STUDIES)
def test_no_study_imports_the_pipeline(module):
    wrong = {name for name in _imported(_file(module))
             if name.startswith("pueval.pipeline") or name.split(".")[0] in IMPORTED_BY_THE_PIPELINE_ONLY}
    assert not wrong, f"{module} imports {sorted(wrong)}"


def _loaded_after(code: str) -> set[str]:
    """The modules loaded by ``code`` in a fresh interpreter."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def _other_wings(loaded, wings) -> list[str]:
    return sorted(m for m in loaded if m.startswith(wings) or m.split(".")[0] in PIPELINE_STACK)


def test_the_library_runs_in_a_fresh_interpreter_without_the_other_wings():
    loaded = _loaded_after(
        "import numpy as np, pueval, pueval.mpe, pueval.metrics, pueval.related\n"
        "s, x = [1, 0, 0, 1, 0, 1], [.9, .1, .4, .8, .3, .7]\n"
        "assert pueval.aul_pu_score(s, x) > 0.5 and pueval.metrics.auc(s, x) == 1.0\n"
        "assert pueval.related.jain_roc_auc(np.array(s), np.array(x), 0.2) == 1.0\n"
        "rng = np.random.default_rng(0)\n"
        "assert set(pueval.mpe.km(rng.normal(size=(40, 2)), rng.normal(size=(20, 2)))) == {'km1', 'km2'}\n"
        + "".join(f"import {m}\n" for m in LIBRARY))
    assert "pueval.mpe.kernel_embedding" in loaded  # the calls ran
    assert _other_wings(loaded, ("pueval.studies", "pueval.pipeline")) == []


def test_the_studies_load_without_the_pipeline():
    loaded = _loaded_after("".join(f"import {m}\n" for m in STUDIES))
    assert _other_wings(loaded, ("pueval.pipeline",)) == []


STEPS = [m for m in _modules(PACKAGE / "pipeline" / "steps") if m != "pueval.pipeline.steps"]
RULES = PACKAGE.parents[1] / "workflow" / "rules"


def test_the_pipeline_steps_load_without_the_heavy_stacks():
    """Every job imports its rules file's steps module first: SciPy, LightGBM, scikit-learn and matplotlib load
    only in the steps that call them (scipy.stats alone would add about 0.6 s to each of some 150 jobs, and
    scipy.special, which a study's top-level import once brought through the schemas, 0.15-0.4 s)."""
    loaded = _loaded_after("import pueval.pipeline.schemas\n" + "".join(f"import {m}\n" for m in STEPS))
    assert sorted(m for m in ("scipy", "lightgbm", "sklearn", "matplotlib") if m in loaded) == []


def test_each_rule_runs_the_step_of_its_rules_file():
    """Rule X of workflow/rules/F.smk runs workflow/scripts/X.py, which runs a step of pueval.pipeline.steps.F that
    the module defines; every steps module is a rules file's, and every step it defines is some rule's."""
    import importlib
    import re

    used = {m: set() for m in STEPS}
    for smk in sorted(RULES.glob("*.smk")):
        for rule in re.findall(r"^rule (\w+):", smk.read_text(), flags=re.M):
            script = (RULES.parent / "scripts" / f"{rule}.py").read_text()
            found = re.findall(r"^from pueval\.pipeline\.steps\.(\w+) import (\w+)$", script, flags=re.M)
            assert [m for m, _ in found] == [smk.stem], f"{rule}: its script must import from steps.{smk.stem}"
            module, step = f"pueval.pipeline.steps.{found[0][0]}", found[0][1]
            assert callable(getattr(importlib.import_module(module), step, None)), f"{module} defines no {step}"
            assert re.search(rf"^run\({step}, snakemake", script, flags=re.M), f"{rule}: runs {step}"
            used[module].add(step)
    for module, steps in used.items():
        assert (RULES / f"{module.rpartition('.')[2]}.smk").is_file(), f"{module} matches no rules file"
        defined = {n.name for n in ast.parse(_file(module).read_text()).body
                   if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
        assert defined == steps, f"{module}: steps no rule runs: {sorted(defined - steps)}"


def _pueval_imports(module: str, known: set[str]) -> set[str]:
    """The pueval modules ``module`` imports (lazy imports included), by their module names."""
    found = set()
    for name in _imported(_file(module)):
        while name and name not in known:  # `from pueval.mpe import x` names a module or a name in one
            name = name.rpartition(".")[0]
        if name and name != module and name != "pueval":
            found.add(name)
    return found


def test_no_two_modules_import_each_other_even_through_others():
    modules = set(_modules(PACKAGE))
    graph = {m: _pueval_imports(m, modules) - {p for p in modules if m.startswith(f"{p}.")} for m in modules}

    def cycle_from(start):
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    return path
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
        return None

    cycles = {m: cycle_from(m) for m in sorted(modules)}
    assert {m: c for m, c in cycles.items() if c} == {}


def test_each_step_draws_with_names_its_paper_renderer_has():
    """A step renders through ``render`` (its paper's module of pueval.pipeline.render): every ``render.X`` it
    uses exists there (the shared helpers come from render.common by name)."""
    import importlib
    import re

    for module in STEPS:
        text = _file(module).read_text()
        for paper in set(re.findall(r"from pueval\.pipeline\.render import (\w+) as render", text)):
            renderer = importlib.import_module(f"pueval.pipeline.render.{paper}")
            missing = [n for n in sorted(set(re.findall(r"(?<![\w.])render\.(\w+)", text))) if not hasattr(renderer, n)]
            assert missing == [], f"{module} uses render.{missing} that pueval.pipeline.render.{paper} lacks"
