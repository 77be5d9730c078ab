# Table 1, Figure 2, the Theorem 1 check and the related papers' estimators from the per-draw estimates.

ESTIMATES = expand("results/estimates/{dataset}/beta{beta}.parquet", dataset=DATASETS, beta=BETAS)


rule table1:
    input:
        ESTIMATES,
    output:
        csv=report("results/table1.csv", caption="../report/table1.rst", category="Table 1"),
        md="results/table1.md",
        distance=report("results/table1_paper_distance.csv", caption="../report/table1_distance.rst",
                        category="Table 1"),
    log:
        "results/logs/table1.log",
    benchmark:
        "results/benchmarks/table1.tsv"
    script:
        "../scripts/step.py"


rule figure2:
    input:
        ESTIMATES,
    output:
        report("results/figures/figure2.png", caption="../report/figure2.rst", category="Figure 2"),
        "results/figures/figure2.pdf",
    log:
        "results/logs/figure2.log",
    benchmark:
        "results/benchmarks/figure2.tsv"
    script:
        "../scripts/step.py"


rule theorem1:
    input:
        estimates=ESTIMATES,
        scores=expand(rules.score.output[0], dataset=DATASETS),
    output:
        csv=report("results/theorem1.csv", caption="../report/theorem1.rst", category="Theorem 1"),
        png=report("results/figures/theorem1.png", caption="../report/theorem1.rst", category="Theorem 1"),
        pdf="results/figures/theorem1.pdf",
    params:
        epsilons=config["theorem1_epsilons"],
    log:
        "results/logs/theorem1.log",
    benchmark:
        "results/benchmarks/theorem1.tsv"
    script:
        "../scripts/step.py"


rule aul_interval:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        draws=expand(rules.draws.output[0], dataset=DATASETS, beta=BETAS),
    output:
        csv=report("results/aul_interval.csv", caption="../report/aul_interval.rst", category="AUL interval"),
        png=report(
            "results/figures/aul_interval.png", caption="../report/aul_interval.rst", category="AUL interval"
        ),
        pdf="results/figures/aul_interval.pdf",
    params:
        datasets=DATASETS,
        betas=[float(b) for b in BETAS],
        seed=config["seed"],
        level=config["aul_interval"]["level"],
        n_boot=config["aul_interval"]["n_boot"],
    log:
        "results/logs/aul_interval.log",
    benchmark:
        "results/benchmarks/aul_interval.tsv"
    script:
        "../scripts/step.py"


rule related:
    input:
        scores=rules.score.output[0],
        draws=expand("results/draws/{{dataset}}/beta{beta}.parquet", beta=BETAS),
        estimates=expand("results/estimates/{{dataset}}/beta{beta}.parquet", beta=BETAS),
    output:
        "results/related/{dataset}.parquet",
    params:
        dataset=lambda w: w.dataset,
        level=config["related"]["level"],
        f1_quantile=config["related"]["f1_quantile"],
    log:
        "results/logs/related/{dataset}.log",
    benchmark:
        "results/benchmarks/related/{dataset}.tsv"
    script:
        "../scripts/step.py"


rule related_table:
    input:
        expand(rules.related.output[0], dataset=DATASETS),
    output:
        csv=report("results/related.csv", caption="../report/related.rst", category="Related estimators"),
        md="results/related.md",
    log:
        "results/logs/related_table.log",
    benchmark:
        "results/benchmarks/related_table.tsv"
    script:
        "../scripts/step.py"
