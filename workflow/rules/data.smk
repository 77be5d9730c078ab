# Data: raw table -> binarized, subsampled table -> out-of-fold scores of the model under evaluation (and of the
# weaker model B that comparing two models without a prior reads).


rule download:
    input:
        # a local table (source: {file: ...}) is an input, so editing it reruns the dataset
        lambda w: datasets.entry(config, w.dataset)["source"].get("file", []),
    output:
        "results/raw/{dataset}.parquet",
    log:
        "results/logs/download/{dataset}.log",
    benchmark:
        "results/benchmarks/download/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        source=lambda w: datasets.part(config, w.dataset, datasets.SOURCE_KEYS),
        verify_checksums=config["verify_checksums"],
    script:
        "../scripts/download.py"


rule binarize:
    input:
        rules.download.output[0],
    output:
        "results/data/{dataset}.parquet",
    log:
        "results/logs/binarize/{dataset}.log",
    benchmark:
        "results/benchmarks/binarize/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        labeling=lambda w: datasets.part(config, w.dataset, datasets.LABEL_KEYS),
        subsample=lambda w: datasets.entry(config, w.dataset)["subsample"],
        seed=config["seed"],
    script:
        "../scripts/binarize.py"


rule score:
    input:
        rules.binarize.output[0],
    output:
        "results/scores/{dataset}.parquet",
    log:
        "results/logs/score/{dataset}.log",
    benchmark:
        "results/benchmarks/score/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        model=lambda w: datasets.entry(config, w.dataset)["model"],
        folds=config["folds"],
        seed=config["seed"],
    script:
        "../scripts/score.py"


rule score_b:
    input:
        rules.binarize.output[0],
    output:
        "results/scores_b/{dataset}.parquet",
    log:
        "results/logs/score_b/{dataset}.log",
    benchmark:
        "results/benchmarks/score_b/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        model=lambda w: datasets.weaker_model(config, w.dataset),
        folds=config["folds"],
        seed=config["seed"],
        stream="score-b",
    script:
        "../scripts/score_b.py"
