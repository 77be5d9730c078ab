"""Start-up validation of the pipeline config against ``config/schema.yaml``.

A bad config fails before any job runs, with a message that names the offending key. Beyond the
JSON schema: an ``integer`` is a Python int (``3.0`` is not), a ``number`` is finite (YAML's
``.nan`` and ``.inf`` are not), a config file may not repeat a key, every β must be spelled the
same way in a file name as in the config (``beta0.1``), the datasets to run must be catalog entries
whose columns hold their target, and a mirror folder must hold the files of the datasets to run.
``--config key=value`` values are read as YAML, so lists, ``true``/``false``
and ``null`` work on the command line. What needs the data is checked by the job that has it:
:func:`naming_keys` turns a study's or the library's error about an argument into one that names
the config key the argument came from.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from pueval.validation import ArgumentError

BETA_PATTERN = re.compile(r"0\.\d+")  # the {beta} wildcard of file names, e.g. beta0.1


class ConfigError(ValueError):
    """The config does not satisfy the schema (the message names the key)."""


@contextmanager
def naming_keys(keys: dict[str, str]):
    """Within the block, an :class:`~pueval.validation.ArgumentError` about an argument in ``keys``
    (argument name → config key) becomes a :class:`ConfigError` that names the config key.

    Examples
    --------
    >>> with naming_keys({"beta": "sar.beta"}):
    ...     raise ArgumentError("beta", "0.01 labels 1 row in a draw")
    Traceback (most recent call last):
    ...
    pueval.pipeline.config.ConfigError: config key 'sar.beta': 0.01 labels 1 row in a draw
    """
    try:
        yield
    except ArgumentError as error:
        if error.argument not in keys:
            raise
        raise ConfigError(f"config key '{keys[error.argument]}': {error.message}") from None


def _key(path) -> str:
    return ".".join(str(p) for p in path) or "<top level>"


def _is_integer(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(checker, value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


# jsonschema and PyYAML are loaded when the config is read (start-up), not by every job that imports naming_keys
@functools.cache
def _strict_validator():
    """JSON Schema's 2020-12 validator with the strict integer and number above."""
    import jsonschema

    types = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": _is_integer, "number": _is_number})
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=types)


@functools.cache
def _unique_key_loader():
    """A YAML loader that refuses a mapping which repeats a key."""
    import yaml

    class UniqueKeyLoader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise ConfigError(f"config key '{key}' appears twice in {node.start_mark.name} "
                                      f"(line {key_node.start_mark.line + 1}); YAML would keep the last silently")
                seen.add(key)
            return super().construct_mapping(node, deep=deep)

    return UniqueKeyLoader


MAX_VALUES = 100_000  # values a config file may expand to, aliases counted at every use
SHOWN = 160  # characters of a value a start-up message shows at most


def _expanded_size(node, memo: dict) -> int:
    """How many values ``node`` expands to, each alias counted at every place it is used (memoized per node, so
    a billion-leaf alias bomb is measured without being expanded)."""
    import yaml

    if id(node) not in memo:
        if isinstance(node, yaml.SequenceNode):
            memo[id(node)] = 1 + sum(_expanded_size(child, memo) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            memo[id(node)] = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
        else:
            memo[id(node)] = 1
    return memo[id(node)]


def load_yaml(text: str, name: str):
    """YAML text (a config file, or a ``--config`` value) as the safe loader reads it, refusing a mapping that
    repeats a key and a document whose aliases expand to more than :data:`MAX_VALUES` values (an alias bomb
    would otherwise be expanded by the first message that shows it)."""
    loader = _unique_key_loader()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            size = _expanded_size(node, {})
        except RecursionError:
            raise ConfigError(f"{name}: nested too deeply to be a pueval config") from None
        if size > MAX_VALUES:
            raise ConfigError(f"{name}: its YAML aliases expand to {size:,} values, more than {MAX_VALUES:,} "
                              "(an alias bomb?); write the values out")
        return loader.construct_document(node)
    finally:
        loader.dispose()


def short(value) -> str:
    """``repr(value)`` cut to :data:`SHOWN` characters, for a message."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + f"… ({len(text):,} characters)"


def check_files(paths) -> None:
    """Refuse config files that repeat a key (at any depth) or whose aliases expand beyond :data:`MAX_VALUES`."""
    for path in paths:
        load_yaml(Path(path).read_text(), f"config file {path}")


def apply_command_line(config: dict, config_args) -> dict:
    """Re-read ``--config key=value`` values as YAML: ``betas=[0.1,0.2]``, ``verify_checksums=false``,
    ``uci_mirror=null`` (Snakemake reads them as strings)."""
    import yaml

    for entry in config_args or ():
        key, _, value = entry.partition("=")
        try:
            config[key] = load_yaml(value, f"config key '{key}' (--config)")
        except yaml.YAMLError as error:
            raise ConfigError(f"config key '{key}': --config value {short(value)} is not valid YAML ({error})") \
                from None
    return config


def beta_name(beta: float) -> str:
    """β as it appears in file names (``beta0.1``)."""
    return f"{beta:g}"


def _check_betas(config: dict) -> None:
    names = {}
    for i, beta in enumerate(config["betas"]):
        name = beta_name(beta)
        if not BETA_PATTERN.fullmatch(name) or float(name) != beta:
            raise ConfigError(f"config key 'betas.{i}': {beta!r} is not written exactly as '{name}' in file "
                              "names; use a decimal like 0.15 (up to 6 significant digits)")
        if name in names:
            raise ConfigError(f"config key 'betas.{i}': {beta!r} and betas.{names[name]} are the same file name "
                              f"'beta{name}'")
        names[name] = i
    # every key that names one of betas, in one message: narrowing betas is one edit, not one error per key
    dependent = []
    figure3, claesen = config.get("figure3"), config.get("claesen")
    if figure3 and beta_name(figure3["beta"]) not in names:
        dependent.append(f"config key 'figure3.beta': {figure3['beta']!r} is not one of betas {config['betas']} "
                         "(Figure 3 takes its prior method from that beta's Table 1 rows)")
    if claesen and beta_name(claesen["beta"]) not in names:
        dependent.append(f"config key 'claesen.beta': {claesen['beta']!r} is not one of betas {config['betas']} "
                         "(Claesen's Figure 5 reads that beta's Table 1 draw and estimates)")
    if claesen and claesen["dataset"] is not None and claesen["dataset"] not in config["run"]:
        dependent.append(f"config key 'claesen.dataset': {claesen['dataset']!r} is not one of run {config['run']} "
                         "(Claesen's Figure 5 reads its Table 1 draw); null takes the first of run")
    if dependent:
        raise ConfigError("\n".join(dependent))


def _used(config: dict) -> list[str]:
    """Catalog names the run reads: ``run``, then the cost experiment's and the related studies' datasets."""
    names = list(config["run"]) + ([config["cost"]["dataset"]] if config.get("cost") else [])
    if config.get("tabatabaei") and config["tabatabaei"]["dataset"]:
        names.append(config["tabatabaei"]["dataset"])
    if config.get("mcdermott"):
        names += config["mcdermott"]["real"]
    return list(dict.fromkeys(names))


def _file_table(path: Path):
    import pandas as pd

    return pd.read_parquet(path) if path.suffix.lower() == ".parquet" else pd.read_csv(path)


def _subsampled(labels: np.ndarray, subsample: int | None) -> np.ndarray:
    """The class counts of ``labels`` after the entry's stratified ``subsample`` (as 0/1 labels, positives
    first): what the binarize rule keeps."""
    from pueval import sampling

    if subsample is None or subsample >= labels.size:
        return labels
    counts = sampling.class_shares(labels, subsample)
    return np.r_[np.ones(counts[1], int), np.zeros(counts[0], int)]


def _table_labels(name: str, entry: dict, raw) -> np.ndarray:
    """A local table's 0/1 labels after the entry's binarizing and subsample."""
    from pueval.pipeline.datasets import Labeling, binarize

    try:
        _, labels = binarize(raw, Labeling.of(name, entry))
    except ValueError as error:
        raise ConfigError(str(error)) from None
    return _subsampled(labels, entry["subsample"])


def _catalog_labels(entry: dict) -> np.ndarray | None:
    """The 0/1 labels (positives first) that a catalog entry's ``classes`` [rows, positives] declare, after its
    subsample; None without ``classes``."""
    if entry.get("classes") is None:
        return None
    rows, positives = entry["classes"]
    return _subsampled(np.r_[np.ones(positives, int), np.zeros(rows - positives, int)], entry["subsample"])


def _check_sizes(config: dict, name: str, labels: np.ndarray) -> None:
    """A dataset's class counts (a local table's, or the catalog's ``classes``) against the settings that need
    enough rows of each class, before any job runs: the model's ``folds``, each β's labeled rows (and the
    DistCurve transform's folds), Figure 3's split and folds, the cost experiment's sizes (the same checks the
    jobs make, here on the whole table at once)."""
    from pueval import sampling
    from pueval.studies import cost
    from pueval.studies.draws import check_beta, check_transform_folds
    from pueval.studies.pu_auc_vs_pu_aul import check_sizes

    with naming_keys({"folds": "folds"}):
        sampling.check_folds(labels, config["folds"])
    n_pos = int(labels.sum())
    for i, beta in enumerate(config["betas"]):
        with naming_keys({"beta": f"betas.{i}", "transform": "mpe.distcurve.transform.folds"}):
            labeled = check_beta(n_pos, beta, name)
            check_transform_folds(labeled, labels.size - labeled, config["mpe"]["distcurve"]["transform"].get(
                "folds", 5), f"{name} at beta={beta:g}")
    figure3 = config.get("figure3")
    if figure3:
        with naming_keys({"test_fraction": "figure3.test_fraction", "folds": "figure3.folds"}):
            check_sizes(labels, figure3["beta"], test_fraction=figure3["test_fraction"], folds=figure3["folds"])
    if config.get("cost") and config["cost"]["dataset"] == name:
        with naming_keys({"sizes": "cost.sizes"}):
            cost.check_sizes(config["cost"]["sizes"], labels.size, name)


def _check_entry(config: dict, name: str, entry: dict) -> None:
    """What the schema cannot say of one catalog entry: its columns hold the target and ``drop``; a local
    table, read whole, is large enough for the run's settings (:func:`_check_sizes`)."""
    key = f"datasets.{name}"
    if "file" not in entry["source"]:
        if "columns" not in entry:
            raise ConfigError(f"config key '{key}.columns': a uci or url source needs the raw table's columns "
                              "(ucimlrepo's features, then its targets; or the file's)")
        columns = entry["columns"]
        names = entry.get("mirror", {}).get("names")
        if names is not None and set(columns) - set(names):
            raise ConfigError(f"config key '{key}.mirror.names': lacks {sorted(set(columns) - set(names))} of columns")
    else:
        path = Path(entry["source"]["file"])
        if not path.is_file():
            raise ConfigError(f"config key '{key}.source.file': no file {str(path)!r} "
                              "(relative paths start at the project folder)")
        try:
            raw = _file_table(path)
        except Exception as error:  # pandas and pyarrow raise several types for an unreadable file
            raise ConfigError(f"config key '{key}.source.file': {path} is unreadable ({error})") from None
        columns = [str(c) for c in raw.columns]
    if entry["target"] not in columns:
        raise ConfigError(f"config key '{key}.target': {entry['target']!r} is not a column ({', '.join(columns)})")
    drop = entry.get("drop", [])
    unknown = [c for c in drop if c not in columns]
    if unknown or entry["target"] in drop:
        raise ConfigError(f"config key '{key}.drop': {unknown or [entry['target']]} "
                          f"{'are not columns' if unknown else 'is the target'}")
    if "file" in entry["source"]:
        _check_sizes(config, name, _table_labels(name, entry, raw))
    elif name in config["run"] and (labels := _catalog_labels(entry)) is not None:
        _check_sizes(config, name, labels)


def _check_datasets(config: dict) -> None:
    catalog = config["datasets"]
    for i, name in enumerate(config["run"]):
        if name not in catalog:
            raise ConfigError(f"config key 'run.{i}': {name!r} is not in the catalog (config key 'datasets': "
                              f"{', '.join(catalog)})")
    for key in ("cost", "tabatabaei"):
        name = (config.get(key) or {}).get("dataset")
        if name is not None and name not in catalog:
            raise ConfigError(f"config key '{key}.dataset': {name!r} is not in the catalog")
    for name in _used(config):
        _check_entry(config, name, catalog[name])
    _check_named_datasets(config)
    _check_jain(config)
    _check_bench(config)


def _check_named_datasets(config: dict) -> None:
    """The keys that name datasets of the run beside ``run`` follow it: an unknown name is refused, the names in
    ``run`` are the ones used, and a study whose key names none of them is left out of this run, with a note on
    stderr naming the key (a run edited to other datasets in ``run`` alone, as a user's own table is added,
    runs without it instead of failing in a job). A study's ``draws`` above the draws that exist are refused."""
    run, catalog = config["run"], config["datasets"]
    intervals, sar, jain = config.get("prior_intervals"), config.get("sar"), config.get("jain")
    em = sar.get("em") if sar else None
    keys = ([("prior_intervals", "datasets", intervals), ("prior_intervals", "km_datasets", intervals)]
            if intervals else []) + ([("sar.em", "datasets", em)] if em else []) + \
        [("jain", key, jain) for key in ("networks_datasets", "variant_datasets") if jain and jain.get(key)]
    for study, key, block in keys:
        unknown = [name for name in block[key] if name not in catalog]
        if unknown:
            raise ConfigError(f"config key '{study}.{key}': {unknown} not in the catalog (config key 'datasets')")
    limits = ([("prior_intervals.draws", intervals["draws"], "n_draws", config["n_draws"])] if intervals else []) + \
        ([("sar.em.draws", em["draws"], "sar.n_draws", sar["n_draws"])] if em else []) + \
        ([("sar.prior_draws", sar["prior_draws"], "sar.n_draws", sar["n_draws"])] if sar else [])
    for key, draws, of, most in limits:
        if draws > most:
            raise ConfigError(f"config key '{key}': {draws} draws, but {of} makes only {most}")
    for study, block in (("prior_intervals", intervals), ("sar.em", em)):
        if block and not set(block["datasets"]) & set(run):
            print(f"pueval: note: config key '{study}.datasets' {block['datasets']} names no dataset of run {run}: "
                  f"{study} is left out of this run (name one of run to include it)", file=sys.stderr)
            if study == "sar.em":
                sar["em"] = None
            else:
                config["prior_intervals"] = None


def _check_bench(config: dict) -> None:
    """The bench's datasets are catalog names or digits, its copies name its learners."""
    bench = config.get("bench")
    if not bench:
        return
    unknown = [name for name in bench["datasets"] if name != "digits" and name not in config["datasets"]]
    if unknown:
        raise ConfigError(f"config key 'bench.datasets': {unknown} are neither in the catalog (config key "
                          "'datasets') nor digits")
    stray = [name for name in bench["copies"] if name not in bench["learners"]]
    if stray:
        raise ConfigError(f"config key 'bench.copies': {stray} are not learners of bench.learners")


def _check_jain(config: dict) -> None:
    """Jain et al.'s protocol needs a labeled sample with β > α in at least one (dataset, purity) setting of the
    run (infeasible settings are skipped and listed): checked here from the catalog's ``classes``, so that a
    config with none fails at start-up, not after the scores. Entries without ``classes`` are not judged."""
    jain = config.get("jain")
    if not jain:
        return
    from pueval.studies.jain import LABELED, LABELED_SMALL, feasible

    known = {}
    for name in config["run"]:
        entry = config["datasets"][name]
        if entry.get("classes") is None:
            return
        rows, positives = entry["classes"]
        known[name] = _subsampled(np.r_[np.ones(positives, int), np.zeros(rows - positives, int)],
                                  entry["subsample"])
    if not any(feasible(labels, purity) for labels in known.values() for purity in jain["purities"]):
        raise ConfigError(f"config key 'jain.purities': no dataset of run can host Jain et al.'s protocol at "
                          f"{jain['purities']} (a labeled sample of {LABELED_SMALL} or {LABELED} rows whose share of "
                          "positives, the purity, exceeds the positive share of the rows left unlabeled); raise a "
                          "purity, or set jain: null")


def _check_mirror(config: dict) -> None:
    mirror = config.get("uci_mirror")
    if mirror is None:
        return
    if not mirror.strip():
        raise ConfigError("config key 'uci_mirror': empty; give a folder, or null to download with ucimlrepo")
    folder = Path(mirror)
    if not folder.is_dir():
        raise ConfigError(f"config key 'uci_mirror': {mirror!r} is not a folder")
    uci = [name for name in _used(config) if "file" not in config["datasets"][name]["source"]]
    for name in uci:
        if "mirror" not in config["datasets"][name]:
            raise ConfigError(f"config key 'datasets.{name}.mirror': not set, so {name} cannot be read from "
                              f"uci_mirror {mirror!r}")
    missing = [file for name in uci for file in config["datasets"][name]["mirror"]["files"]
               if not (folder / file).is_file()]
    if missing:
        raise ConfigError(f"config key 'uci_mirror': {mirror!r} lacks {', '.join(missing)}")


def merge(base: dict, override: dict) -> dict:
    """``override`` merged into ``base`` in place, mappings key by key, as Snakemake merges config files."""
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base[key] = value
    return base


DEFAULT_FILES = ("config/datasets.yaml", "config/config.yaml")  # what the Snakefile reads, in order


def load(*overrides: str | Path, root: str | Path = ".", config_args=()) -> dict:
    """The validated config a run of ``snakemake --configfile <overrides> --config <config_args>`` would see
    (for scripts and tests): the files merged in Snakemake's order, then :func:`start_up`."""
    import yaml

    root = Path(root)
    files = [root / f for f in DEFAULT_FILES] + [Path(p) for p in overrides]
    config = {}
    for path in files:
        merge(config, yaml.safe_load(Path(path).read_text()) or {})
    config.update(argument.partition("=")[::2] for argument in config_args)  # Snakemake sets them as strings
    start_up(config, files, config_args, root)
    return config


def resolve_paths(config: dict, base: str | Path) -> dict:
    """Make the config's relative paths (``output_root``, ``uci_mirror``, ``datasets.*.source.file``)
    absolute against ``base``, the project folder, in place: a job started by a cluster executor
    parses the workflow again from another folder, and must find the same files."""
    def absolute(value):
        if isinstance(value, str) and value.strip():
            return str((Path(base) / value).resolve())
        return value

    for key in ("output_root", "uci_mirror"):
        if key in config:
            config[key] = absolute(config[key])
    for entry in (config.get("datasets") or {}).values():
        source = entry.get("source") if isinstance(entry, dict) else None
        if isinstance(source, dict) and "file" in source:
            source["file"] = absolute(source["file"])
    return config


def start_up(config: dict, configfiles, config_args, base: str | Path) -> dict:
    """Everything the Snakefile does to its merged ``config`` before it plans a job, in place: the config files
    checked (:func:`check_files`), ``--config`` values re-read (:func:`apply_command_line`), relative paths made
    absolute against the project folder ``base`` (:func:`resolve_paths`) and the whole validated
    (:func:`validate`, against ``base``/config/schema.yaml). Returns the paths as the config gave them
    (``uci_mirror``, ``output_root``), for the run summary. A bad config raises :class:`ConfigError` naming
    the key."""
    check_files(configfiles)
    apply_command_line(config, config_args)
    given = {key: config[key] for key in ("uci_mirror", "output_root") if key in config}
    resolve_paths(config, base)
    validate(config, Path(base) / "config" / "schema.yaml")
    return given


def validate(config: dict, schema_path: str | Path) -> dict:
    """Check ``config``, fill in schema defaults in place and return it; raise ConfigError."""
    import yaml

    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = _strict_validator()(schema)
    errors = sorted(validator.iter_errors(config), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"config key '{_key(e.absolute_path)}': {short(e.message)}" for e in errors]
        raise ConfigError("invalid config:\n  " + "\n  ".join(lines))
    for key, prop in schema["properties"].items():
        if "default" in prop:
            config.setdefault(key, prop["default"])
    _check_betas(config)
    _check_datasets(config)
    _check_mirror(config)
    return config
