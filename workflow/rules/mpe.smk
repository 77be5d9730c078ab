# Mixture proportion estimation per (dataset, beta): KM1/KM2 and DistCurve, then the cost experiment.


rule km:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
    output:
        "results/mpe/km/{dataset}/beta{beta}.parquet",
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        options=config["mpe"]["km"],
    log:
        "results/logs/km/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/km/{dataset}_beta{beta}.tsv"
    script:
        "../scripts/step.py"


rule distcurve_model:
    output:
        "results/distcurve/model.txt",
    params:
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        training=config["mpe"]["distcurve"]["training"],
    log:
        "results/logs/distcurve_model.log",
    benchmark:
        "results/benchmarks/distcurve_model.tsv"
    script:
        "../scripts/step.py"


rule distcurve:
    input:
        data=rules.binarize.output[0],
        draws=rules.draws.output[0],
        model=rules.distcurve_model.output[0],
    output:
        "results/mpe/distcurve/{dataset}/beta{beta}.parquet",
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        repetitions=config["mpe"]["distcurve"]["repetitions"],
        transform=config["mpe"]["distcurve"]["transform"],
    log:
        "results/logs/distcurve/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/distcurve/{dataset}_beta{beta}.tsv"
    script:
        "../scripts/step.py"


rule cost:
    input:
        raw=lambda w: f"results/raw/{config['cost']['dataset']}.parquet",
        model=rules.distcurve_model.output[0],
    output:
        csv=report("results/cost.csv", caption="../report/cost.rst", category="Cost"),
        png=report("results/figures/cost.png", caption="../report/cost.rst", category="Cost"),
        pdf="results/figures/cost.pdf",
    params:
        dataset=lambda w: config["cost"]["dataset"],
        sizes=lambda w: config["cost"]["sizes"],
        beta=lambda w: config["cost"]["beta"],
        seed=config["seed"],
        km=config["mpe"]["km"],
        distcurve=config["mpe"]["distcurve"],
        repeats=lambda w: config["cost"]["repeats"],
    # Timed alone: a local run scales these threads down to --cores, so no other job runs beside it.
    threads: 1024
    log:
        "results/logs/cost.log",
    benchmark:
        "results/benchmarks/cost.tsv"
    script:
        "../scripts/step.py"
