# Mixture proportion estimation, one job per (dataset, beta) and estimator, so that an edit reruns its share: a new
# beta its own jobs; an estimator's option that estimator's jobs (and what reads its file). KM1/KM2 (one job: one
# option, one set of Gram matrices); the cross-fitted LightGBM transform, stored, with EN (no options) read from it
# in its job; DistCurve (its regressor) read from the stored transform in jobs of its own; TIcE. BBE's read-out of
# the transform (milliseconds) is made where its one reader is, in estimate.smk's job. estimate.smk and Figure 3
# read these files by their patterns.
KM_OUTPUT = "results/mpe/km/{dataset}/beta{beta}.parquet"
KM_STANDARDIZED_OUTPUT = "results/mpe/km_standardized/{dataset}/beta{beta}.parquet"
# Beside Table 1: KM1/KM2 on standardized features for these datasets (mpe.km.standardized_datasets in run).
KM_STANDARDIZED = [
    name for name in config["mpe"]["km"]["standardized_datasets"] if name in DATASETS
]
TRANSFORM_OUTPUT = "results/mpe/transform/{dataset}/beta{beta}.parquet"
EN_OUTPUT = "results/mpe/en/{dataset}/beta{beta}.parquet"
DISTCURVE_OUTPUT = "results/mpe/distcurve/{dataset}/beta{beta}.parquet"
TICE_OUTPUT = "results/mpe/tice/{dataset}/beta{beta}.parquet"


# KM's jobs are the longest (3-30 s each) and gate every table: they go first, so that the run does not end with
# one core waiting on the last of them (job order never changes a result: every seed comes from the job's identity).
rule km:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
    output:
        KM_OUTPUT,
    log:
        "results/logs/km/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/km/{dataset}/beta{beta}.tsv"
    priority: 10
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        options={"standardize": config["mpe"]["km"]["standardize"]},
    script:
        "../scripts/km.py"


rule km_standardized:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
    output:
        KM_STANDARDIZED_OUTPUT,
    log:
        "results/logs/km_standardized/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/km_standardized/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
    script:
        "../scripts/km_standardized.py"


rule distcurve_model:
    output:
        "results/distcurve/model.txt",
    log:
        "results/logs/distcurve_model.log",
    benchmark:
        "results/benchmarks/distcurve_model.tsv"
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        training=config["mpe"]["distcurve"]["training"],
    script:
        "../scripts/distcurve_model.py"


# The regressor DistCurve reads: the one pueval ships when the config asks for exactly it (no job trains it
# again), else distcurve_model's.
DISTCURVE_MODEL = (
    str(shipped_regressor.PATH)
    if shipped_regressor.matches(
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        training=config["mpe"]["distcurve"]["training"],
    )
    else rules.distcurve_model.output[0]
)


rule transform:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
    output:
        scores=TRANSFORM_OUTPUT,
        en=EN_OUTPUT,
    log:
        "results/logs/transform/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/transform/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        transform=config["mpe"]["distcurve"]["transform"],
    script:
        "../scripts/transform.py"


rule distcurve:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
        transform=rules.transform.output.scores,
        model=DISTCURVE_MODEL,
    output:
        DISTCURVE_OUTPUT,
    log:
        "results/logs/distcurve/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/distcurve/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
    script:
        "../scripts/distcurve.py"


rule tice:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
    output:
        TICE_OUTPUT,
    log:
        "results/logs/tice/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/tice/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        options=config["mpe"]["tice"],
    script:
        "../scripts/tice.py"


# Every method's bootstrap interval for theta on the first draws of (dataset, beta), for prior_intervals.datasets
# (each interval re-runs its method n_boot times, so a subset of the draws; KM1/KM2 only on km_datasets: their
# Gram matrices are rebuilt per resample).
rule prior_bootstrap:
    input:
        data=rules.binarize.output[0],
        draws=DRAWS_OUTPUT,
        model=DISTCURVE_MODEL,
    output:
        "results/prior_intervals/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/prior_bootstrap/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/prior_bootstrap/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        draws=lambda w: config["prior_intervals"]["draws"],
        n_boot=lambda w: config["prior_intervals"]["n_boot"],
        level=lambda w: config["prior_intervals"]["level"],
        methods=lambda w: [
            m
            for m in PUBLIC_METHODS
            if m not in ("km1", "km2")
            or w.dataset in config["prior_intervals"]["km_datasets"]
        ],
        km={"standardize": config["mpe"]["km"]["standardize"]},
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        transform=config["mpe"]["distcurve"]["transform"],
        bbe=config["mpe"]["bbe"],
        tice=config["mpe"]["tice"],
    script:
        "../scripts/prior_bootstrap.py"
