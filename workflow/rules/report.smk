# Table 1 and Figure 2 from all per-draw estimates.

ESTIMATES = expand("results/estimates/{dataset}/beta{beta}.parquet", dataset=DATASETS, beta=BETAS)


rule table1:
    input:
        ESTIMATES,
    output:
        csv="results/table1.csv",
        md="results/table1.md",
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
        "results/figures/figure2.png",
        "results/figures/figure2.pdf",
    log:
        "results/logs/figure2.log",
    benchmark:
        "results/benchmarks/figure2.tsv"
    script:
        "../scripts/step.py"
