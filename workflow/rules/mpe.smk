# Mixture proportion estimation per (dataset, beta): KM1/KM2; DistCurve (with its regressor), EN and BBE on one
# labeled-vs-unlabeled transform per draw; TIcE.


rule km:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
    output:
        "results/mpe/km/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/km/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/km/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        options=config["mpe"]["km"],
    script:
        "../scripts/km.py"


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


rule transform_mpe:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
        model=rules.distcurve_model.output[0],
    output:
        "results/mpe/transform/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/transform_mpe/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/transform_mpe/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        transform=config["mpe"]["distcurve"]["transform"],
        bbe=config["mpe"]["bbe"],
    script:
        "../scripts/transform_mpe.py"


rule tice:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
    output:
        "results/mpe/tice/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/tice/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/tice/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        options=config["mpe"]["tice"],
    script:
        "../scripts/tice.py"
