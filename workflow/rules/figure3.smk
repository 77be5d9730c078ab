# Figure 3: PU_AUC (prior from the best MPE method) against PU_AUL, one job per dataset.

FIGURE3 = config.get("figure3") or {}
FIGURE3_OPTIONS = {k: v for k, v in FIGURE3.items() if k not in ("beta", "repetitions")}


rule figure3_dataset:
    input:
        data=rules.binarize.output[0],
        estimates=lambda w: f"results/estimates/{w.dataset}/beta{FIGURE3['beta']:g}.parquet",
        model=rules.distcurve_model.output[0],
    output:
        "results/figure3/{dataset}.parquet",
    params:
        dataset=lambda w: w.dataset,
        seed=config["seed"],
        beta=FIGURE3.get("beta"),
        repetitions=FIGURE3.get("repetitions"),
        options=FIGURE3_OPTIONS,
        km=config["mpe"]["km"],
        distcurve=config["mpe"]["distcurve"],
    log:
        "results/logs/figure3/{dataset}.log",
    benchmark:
        "results/benchmarks/figure3/{dataset}.tsv"
    script:
        "../scripts/step.py"


rule figure3:
    input:
        expand(rules.figure3_dataset.output[0], dataset=DATASETS),
    output:
        csv=report("results/figure3.csv", caption="../report/figure3.rst", category="Figure 3"),
        png=report("results/figures/figure3.png", caption="../report/figure3.rst", category="Figure 3"),
        pdf="results/figures/figure3.pdf",
    log:
        "results/logs/figure3.log",
    benchmark:
        "results/benchmarks/figure3.tsv"
    script:
        "../scripts/step.py"
