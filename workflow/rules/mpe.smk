# Mixture proportion estimation per (dataset, beta): KM1/KM2, and DistCurve with its regressor.


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


rule distcurve:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
        model=rules.distcurve_model.output[0],
    output:
        "results/mpe/distcurve/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/distcurve/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/distcurve/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        transform=config["mpe"]["distcurve"]["transform"],
    script:
        "../scripts/distcurve.py"
