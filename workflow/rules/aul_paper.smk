# The paper's results: Table 1 and Figure 2 from the per-draw estimates, the cost experiment
# (section 4.2) and Figure 3 (PU_AUC with the best MPE prior against PU_AUL, one job per dataset).

ESTIMATES = expand(ESTIMATE_OUTPUT, dataset=DATASETS, beta=BETAS)
FIGURE3 = config.get("figure3") or {}


rule table1:
    input:
        ESTIMATES,
    output:
        csv=report(
            "results/table1.csv", caption="../report/table1.rst", category="Table 1"
        ),
        md="results/table1.md",
        distance=report(
            "results/table1_paper_distance.csv",
            caption="../report/table1_distance.rst",
            category="Table 1",
        ),
        plus_csv=report(
            "results/table1_plus.csv",
            caption="../report/table1_plus.rst",
            category="Table 1",
        ),
        plus_md="results/table1_plus.md",
    log:
        "results/logs/table1.log",
    benchmark:
        "results/benchmarks/table1.tsv"
    conda:
        "../../environment.yml"
    params:
        bbe_delta=config["mpe"]["bbe"]["delta"],
    script:
        "../scripts/table1.py"


rule km_standardized_table:
    input:
        km=expand(KM_STANDARDIZED_OUTPUT, dataset=KM_STANDARDIZED, beta=BETAS),
        estimates=expand(ESTIMATE_OUTPUT, dataset=KM_STANDARDIZED, beta=BETAS),
    output:
        csv="results/table1_km_standardized.csv",
        md="results/table1_km_standardized.md",
    log:
        "results/logs/km_standardized_table.log",
    benchmark:
        "results/benchmarks/km_standardized_table.tsv"
    conda:
        "../../environment.yml"
    params:
        names=KM_STANDARDIZED,
        betas=[float(b) for b in BETAS],
    script:
        "../scripts/km_standardized_table.py"


rule figure2:
    input:
        ESTIMATES,
    output:
        png=report(
            "results/figures/figure2.png",
            caption="../report/figure2.rst",
            category="Figure 2",
        ),
        pdf="results/figures/figure2.pdf",
        plus_png=report(
            "results/figures/figure2_plus.png",
            caption="../report/figure2_plus.rst",
            category="Figure 2",
        ),
        plus_pdf="results/figures/figure2_plus.pdf",
        errors="results/estimation_errors.csv",
    log:
        "results/logs/figure2.log",
    benchmark:
        "results/benchmarks/figure2.tsv"
    conda:
        "../../environment.yml"
    params:
        titles=TITLES,
    script:
        "../scripts/figure2.py"


rule cost:
    input:
        raw=lambda w: expand(
            rules.download.output[0], dataset=config["cost"]["dataset"]
        ),
        model=DISTCURVE_MODEL,
    output:
        csv=report("results/cost.csv", caption="../report/cost.rst", category="Cost"),
        png=report(
            "results/figures/cost.png", caption="../report/cost.rst", category="Cost"
        ),
        pdf="results/figures/cost.pdf",
    log:
        "results/logs/cost.log",
    benchmark:
        "results/benchmarks/cost.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: config["cost"]["dataset"],
        labeling=lambda w: datasets.part(
            config, config["cost"]["dataset"], datasets.LABEL_KEYS
        ),
        sizes=lambda w: config["cost"]["sizes"],
        beta=lambda w: config["cost"]["beta"],
        seed=config["seed"],
        km={"standardize": config["mpe"]["km"]["standardize"]},
        distcurve=config["mpe"]["distcurve"],
        bbe=config["mpe"]["bbe"],
        tice=config["mpe"]["tice"],
        repeats=lambda w: config["cost"]["repeats"],
        km_max_size=lambda w: config["cost"]["km_max_size"],
    script:
        "../scripts/cost.py"


rule figure3_dataset:
    input:
        data=rules.binarize.output[0],
        # the paper's priors at Figure 3's beta, each from its own file (no other estimator's option reruns this)
        scores=rules.score.output[0],
        draws=lambda w: DRAWS_OUTPUT.format(
            dataset=w.dataset, beta=beta_name(FIGURE3["beta"])
        ),
        km=lambda w: KM_OUTPUT.format(
            dataset=w.dataset, beta=beta_name(FIGURE3["beta"])
        ),
        distcurve=lambda w: DISTCURVE_OUTPUT.format(
            dataset=w.dataset, beta=beta_name(FIGURE3["beta"])
        ),
        model=DISTCURVE_MODEL,
    output:
        "results/figure3/{dataset}.parquet",
    log:
        "results/logs/figure3/{dataset}.log",
    benchmark:
        "results/benchmarks/figure3/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        seed=config["seed"],
        beta=FIGURE3.get("beta"),
        repetitions=FIGURE3.get("repetitions"),
        options={k: v for k, v in FIGURE3.items() if k not in ("beta", "repetitions")},
        km={"standardize": config["mpe"]["km"]["standardize"]},
        distcurve=config["mpe"]["distcurve"],
    script:
        "../scripts/figure3_dataset.py"


rule figure3:
    input:
        expand(rules.figure3_dataset.output[0], dataset=DATASETS),
    output:
        csv=report(
            "results/figure3.csv", caption="../report/figure3.rst", category="Figure 3"
        ),
        png=report(
            "results/figures/figure3.png",
            caption="../report/figure3.rst",
            category="Figure 3",
        ),
        pdf="results/figures/figure3.pdf",
    log:
        "results/logs/figure3.log",
    benchmark:
        "results/benchmarks/figure3.tsv"
    conda:
        "../../environment.yml"
    params:
        titles=TITLES,
        test_fraction=lambda w: config["figure3"]["test_fraction"],
    script:
        "../scripts/figure3.py"


rule figure1:
    output:
        csv="results/figure1.csv",
        png=report(
            "results/figures/figure1.png",
            caption="../report/figure1.rst",
            category="Figure 1",
        ),
        pdf="results/figures/figure1.pdf",
    log:
        "results/logs/figure1.log",
    benchmark:
        "results/benchmarks/figure1.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/figure1.py"
