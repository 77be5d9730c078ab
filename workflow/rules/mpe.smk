# Mixture proportion estimation, one job per dataset over every beta (each job starts once, and KM computes its
# Gram matrices once): KM1/KM2; DistCurve (with its regressor), EN and BBE on one labeled-vs-unlabeled transform
# per draw; TIcE. Each writes one file per beta, which estimate.smk reads by these patterns.
KM_OUTPUT = "results/mpe/km/{dataset}/beta{beta}.parquet"
KM_STANDARDIZED_OUTPUT = "results/mpe/km_standardized/{dataset}/beta{beta}.parquet"
# Beside Table 1: KM1/KM2 on standardized features for these datasets (mpe.km.standardized_datasets in run).
KM_STANDARDIZED = [
    name for name in config["mpe"]["km"]["standardized_datasets"] if name in DATASETS
]
TRANSFORM_MPE_OUTPUT = "results/mpe/transform/{dataset}/beta{beta}.parquet"
TICE_OUTPUT = "results/mpe/tice/{dataset}/beta{beta}.parquet"


# KM's jobs are the longest (50-95 s each) and gate every table: they go first, so that the run does not end with
# one core waiting on the last of them (job order never changes a result: every seed comes from the job's identity).
rule km:
    input:
        data=rules.binarize.output[0],
        draws=every_beta(DRAWS_OUTPUT),
    output:
        every_beta(KM_OUTPUT),
    log:
        "results/logs/km/{dataset}.log",
    benchmark:
        "results/benchmarks/km/{dataset}.tsv"
    priority: 10
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
        options={"standardize": config["mpe"]["km"]["standardize"]},
    script:
        "../scripts/km.py"


rule km_standardized:
    input:
        data=rules.binarize.output[0],
        draws=every_beta(DRAWS_OUTPUT),
    output:
        every_beta(KM_STANDARDIZED_OUTPUT),
    log:
        "results/logs/km_standardized/{dataset}.log",
    benchmark:
        "results/benchmarks/km_standardized/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
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


rule transform_mpe:
    input:
        data=rules.binarize.output[0],
        draws=every_beta(DRAWS_OUTPUT),
        model=DISTCURVE_MODEL,
    output:
        every_beta(TRANSFORM_MPE_OUTPUT),
    log:
        "results/logs/transform_mpe/{dataset}.log",
    benchmark:
        "results/benchmarks/transform_mpe/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        transform=config["mpe"]["distcurve"]["transform"],
        bbe=config["mpe"]["bbe"],
    script:
        "../scripts/transform_mpe.py"


rule tice:
    input:
        data=rules.binarize.output[0],
        draws=every_beta(DRAWS_OUTPUT),
    output:
        every_beta(TICE_OUTPUT),
    log:
        "results/logs/tice/{dataset}.log",
    benchmark:
        "results/benchmarks/tice/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
        seed=config["seed"],
        options=config["mpe"]["tice"],
    script:
        "../scripts/tice.py"


# Every method's bootstrap interval for theta on the first draws of each beta of prior_intervals.datasets (each
# interval re-runs its method n_boot times, so a subset of the draws; KM1/KM2 only on km_datasets: their Gram
# matrices are rebuilt per resample).
rule prior_bootstrap:
    input:
        data=rules.binarize.output[0],
        draws=every_beta(DRAWS_OUTPUT),
        model=DISTCURVE_MODEL,
    output:
        "results/prior_intervals/{dataset}.parquet",
    log:
        "results/logs/prior_bootstrap/{dataset}.log",
    benchmark:
        "results/benchmarks/prior_bootstrap/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
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
