# Helpers the rules files share (no rules here).


def verdict_tables():
    """The tables the ledger reads, by stem, for the studies this run makes."""
    tables = {
        "table1": rules.table1.output.csv,
        "table1_plus": rules.table1.output.plus_csv,
        "estimation_errors": rules.figure2.output.errors,
        "figure1": rules.figure1.output.csv,
        "theorem1": rules.theorem1.output.csv,
        "aul_interval": rules.aul_interval.output.csv,
    }
    optional = {
        "cost": ("cost", lambda: rules.cost.output.csv),
        "figure3": ("figure3", lambda: rules.figure3.output.csv),
        "sar": ("sar", lambda: rules.sar_table.output.csv),
        "paired_difference": (
            "paired_difference",
            lambda: rules.paired_difference.output.csv,
        ),
        "operating_points": (
            "operating_points",
            lambda: rules.operating_points.output.csv,
        ),
        "model_selection": (
            "model_selection",
            lambda: rules.model_selection.output.csv,
        ),
        "model_selection_sets": (
            "model_selection",
            lambda: rules.model_selection.output.sets_csv,
        ),
        "prior_intervals": (
            "prior_intervals",
            lambda: rules.prior_intervals.output.csv,
        ),
        "jain_tests": ("jain", lambda: rules.jain.output.tests_csv),
        "jain": ("jain", lambda: rules.jain.output.csv),
        "tabatabaei": ("tabatabaei", lambda: rules.tabatabaei.output.csv),
        "tabatabaei_table2": ("tabatabaei", lambda: rules.tabatabaei.output.table2_csv),
        "tabatabaei_figure2": (
            "tabatabaei",
            lambda: rules.tabatabaei.output.figure2_csv,
        ),
        "tabatabaei_figure3": (
            "tabatabaei",
            lambda: rules.tabatabaei.output.figure3_csv,
        ),
        "tabatabaei_figure5": (
            "tabatabaei",
            lambda: rules.tabatabaei.output.figure5_csv,
        ),
        "mcdermott": ("mcdermott", lambda: rules.mcdermott.output.csv),
        "mcdermott_real": ("mcdermott", lambda: rules.mcdermott.output.real_csv),
        "mcdermott_theorem2": (
            "mcdermott",
            lambda: rules.mcdermott.output.theorem2_csv,
        ),
        "claesen": ("claesen", lambda: rules.claesen.output.csv),
        "claesen_order": ("claesen", lambda: rules.claesen.output.order_csv),
        "claesen_labelings": ("claesen", lambda: rules.claesen.output.labelings_csv),
    }
    for stem, (key, output) in optional.items():
        if config.get(key):
            tables[stem] = output()
    return tables


def jain_datasets(key):
    """The datasets of run on which one of Jain's trained arms runs: config jain.networks_datasets (the paper's
    bagged networks) or jain.variant_datasets (the LightGBM variant); null: all of run.
    """
    named = config["jain"].get(key)
    return list(DATASETS) if named is None else [d for d in DATASETS if d in named]


def bench_data(wildcards):
    """A bench dataset's file: scikit-learn's digits from rule bench_digits, a catalog dataset from binarize."""
    if wildcards.bench_dataset == "digits":
        return rules.bench_digits.output[0]
    return rules.binarize.output[0].format(dataset=wildcards.bench_dataset)


def bench_settings(kind):
    """Every (dataset, β) setting's file of ``kind`` (learners, pairs, failures; benchmark: its job's timing).
    Called from input functions, so only a run of the bench target reads config bench (null elsewhere).
    """
    bench = config.get("bench")
    if not bench:
        raise ValueError(
            "config key 'bench' is null: give it a bench section to run the target bench"
        )
    betas = [beta_name(b) for b in bench["betas"]]
    if kind == "benchmark":
        pattern = "results/benchmarks/bench_setting/{bench_dataset}/beta{beta}.tsv"
    else:
        pattern = getattr(rules.bench_setting.output, kind)
    return expand(pattern, bench_dataset=bench["datasets"], beta=betas)
