# Data: raw UCI table -> binarized, subsampled table -> out-of-fold model scores.


rule download:
    output:
        "results/raw/{dataset}.parquet",
    params:
        dataset=lambda w: w.dataset,
        verify_checksums=config["verify_checksums"],
    log:
        "results/logs/download/{dataset}.log",
    benchmark:
        "results/benchmarks/download/{dataset}.tsv"
    script:
        "../scripts/step.py"


rule binarize:
    input:
        rules.download.output,
    output:
        "results/data/{dataset}.parquet",
    params:
        dataset=lambda w: w.dataset,
        subsample=lambda w: config["datasets"][w.dataset].get("subsample"),
        seed=config["seed"],
    log:
        "results/logs/binarize/{dataset}.log",
    benchmark:
        "results/benchmarks/binarize/{dataset}.tsv"
    script:
        "../scripts/step.py"


rule score:
    input:
        rules.binarize.output,
    output:
        "results/scores/{dataset}.parquet",
    params:
        dataset=lambda w: w.dataset,
        model=lambda w: config["datasets"][w.dataset]["model"],
        folds=config["folds"],
        seed=config["seed"],
    log:
        "results/logs/score/{dataset}.log",
    benchmark:
        "results/benchmarks/score/{dataset}.tsv"
    script:
        "../scripts/step.py"
