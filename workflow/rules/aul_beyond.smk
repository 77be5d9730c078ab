# Beyond the AUL paper, on its draws: the Theorem 1 check, the prior-free AUL^PU intervals, comparing two
# models without a prior, the related papers' estimators; on draws of their own, labels selected not at
# random (SAR).


rule theorem1:
    input:
        estimates=ESTIMATES,
        scores=expand(rules.score.output[0], dataset=DATASETS),
    output:
        csv=report(
            "results/theorem1.csv",
            caption="../report/theorem1.rst",
            category="Theorem 1",
        ),
        png=report(
            "results/figures/theorem1.png",
            caption="../report/theorem1.rst",
            category="Theorem 1",
        ),
        pdf="results/figures/theorem1.pdf",
    log:
        "results/logs/theorem1.log",
    benchmark:
        "results/benchmarks/theorem1.tsv"
    conda:
        "../../environment.yml"
    params:
        epsilons=config["theorem1_epsilons"],
    script:
        "../scripts/theorem1.py"


rule aul_interval:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        draws=expand(DRAWS_OUTPUT, dataset=DATASETS, beta=BETAS),
    output:
        csv=report(
            "results/aul_interval.csv",
            caption="../report/aul_interval.rst",
            category="AUL interval",
        ),
        png=report(
            "results/figures/aul_interval.png",
            caption="../report/aul_interval.rst",
            category="AUL interval",
        ),
        pdf="results/figures/aul_interval.pdf",
    log:
        "results/logs/aul_interval.log",
    benchmark:
        "results/benchmarks/aul_interval.tsv"
    conda:
        "../../environment.yml"
    params:
        names=DATASETS,
        betas=[float(b) for b in BETAS],
        seed=config["seed"],
        level=config["aul_interval"]["level"],
        n_boot=config["aul_interval"]["n_boot"],
        titles=TITLES,
    script:
        "../scripts/aul_interval.py"


rule paired_difference:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        scores_b=expand(rules.score_b.output[0], dataset=DATASETS),
        draws=expand(DRAWS_OUTPUT, dataset=DATASETS, beta=BETAS),
    output:
        csv=report(
            "results/paired_difference.csv",
            caption="../report/paired_difference.rst",
            category="Comparing two models",
        ),
        png=report(
            "results/figures/paired_difference.png",
            caption="../report/paired_difference.rst",
            category="Comparing two models",
        ),
        pdf="results/figures/paired_difference.pdf",
    log:
        "results/logs/paired_difference.log",
    benchmark:
        "results/benchmarks/paired_difference.tsv"
    conda:
        "../../environment.yml"
    params:
        names=DATASETS,
        betas=[float(b) for b in BETAS],
        level=lambda w: config["paired_difference"]["level"],
        titles=TITLES,
    script:
        "../scripts/paired_difference.py"


rule operating_points:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        draws=expand(DRAWS_OUTPUT, dataset=DATASETS, beta=BETAS),
        estimates=expand(ESTIMATE_OUTPUT, dataset=DATASETS, beta=BETAS),
    output:
        csv=report(
            "results/operating_points.csv",
            caption="../report/operating_points.rst",
            category="Operating points",
        ),
        md="results/operating_points.md",
        png=report(
            "results/figures/operating_points.png",
            caption="../report/operating_points.rst",
            category="Operating points",
        ),
        pdf="results/figures/operating_points.pdf",
    log:
        "results/logs/operating_points.log",
    benchmark:
        "results/benchmarks/operating_points.tsv"
    conda:
        "../../environment.yml"
    params:
        names=DATASETS,
        betas=[float(b) for b in BETAS],
        seed=config["seed"],
        targets=lambda w: config["operating_points"]["targets"],
        level=lambda w: config["operating_points"]["level"],
        audit_sizes=lambda w: config["operating_points"]["audit_sizes"],
        sar=lambda w: config["operating_points"]["sar"],
        bbe_delta=lambda w: config["mpe"]["bbe"]["delta"],
        titles=TITLES,
    script:
        "../scripts/operating_points.py"


rule model_selection:
    input:
        data=expand(rules.binarize.output[0], dataset=DATASETS),
        scores=expand(rules.score.output[0], dataset=DATASETS),
    output:
        csv=report(
            "results/model_selection.csv",
            caption="../report/model_selection.rst",
            category="Model selection",
        ),
        sets_csv="results/model_selection_sets.csv",
        md="results/model_selection.md",
        png=report(
            "results/figures/model_selection.png",
            caption="../report/model_selection.rst",
            category="Model selection",
        ),
        pdf="results/figures/model_selection.pdf",
    log:
        "results/logs/model_selection.log",
    benchmark:
        "results/benchmarks/model_selection.tsv"
    conda:
        "../../environment.yml"
    params:
        names=DATASETS,
        seed=config["seed"],
        options=lambda w: config["model_selection"],
        bbe=config["mpe"]["bbe"],
    script:
        "../scripts/model_selection.py"


rule related:
    input:
        scores=rules.score.output[0],
        draws=expand(DRAWS_OUTPUT, beta=BETAS, allow_missing=True),
        estimates=expand(ESTIMATE_OUTPUT, beta=BETAS, allow_missing=True),
    output:
        "results/related/{dataset}.parquet",
    log:
        "results/logs/related/{dataset}.log",
    benchmark:
        "results/benchmarks/related/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        level=config["related"]["level"],
        f1_quantile=config["related"]["f1_quantile"],
    script:
        "../scripts/related.py"


rule related_table:
    input:
        expand(rules.related.output[0], dataset=DATASETS),
    output:
        csv=report(
            "results/related.csv",
            caption="../report/related.rst",
            category="Related estimators",
        ),
        md="results/related.md",
    log:
        "results/logs/related_table.log",
    benchmark:
        "results/benchmarks/related_table.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/related_table.py"


rule sar:
    input:
        data=rules.binarize.output[0],
        scores=rules.score.output[0],
        model=DISTCURVE_MODEL,
    output:
        "results/sar/{dataset}.parquet",
    log:
        "results/logs/sar/{dataset}.log",
    benchmark:
        "results/benchmarks/sar/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: config["sar"]["beta"],
        strengths=lambda w: config["sar"]["strengths"],
        n_draws=lambda w: config["sar"]["n_draws"],
        prior_draws=lambda w: config["sar"]["prior_draws"],
        audit_sizes=lambda w: config["sar"]["audit_sizes"],
        em_draws=lambda w: (
            config["sar"]["em"]["draws"]
            if config["sar"]["em"] and w.dataset in config["sar"]["em"]["datasets"]
            else 0
        ),
        seed=config["seed"],
        distcurve=config["mpe"]["distcurve"],
        bbe=config["mpe"]["bbe"],
        tice=config["mpe"]["tice"],
    script:
        "../scripts/sar.py"


rule sar_table:
    input:
        expand(rules.sar.output[0], dataset=DATASETS),
    output:
        csv=report("results/sar.csv", caption="../report/sar.rst", category="SAR"),
        png=report(
            "results/figures/sar.png", caption="../report/sar.rst", category="SAR"
        ),
        pdf="results/figures/sar.pdf",
        without_scar_png=report(
            "results/figures/sar_without_scar.png",
            caption="../report/sar_without_scar.rst",
            category="SAR",
        ),
        without_scar_pdf="results/figures/sar_without_scar.pdf",
    log:
        "results/logs/sar_table.log",
    benchmark:
        "results/benchmarks/sar_table.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/sar_table.py"


rule prior_intervals:
    input:
        bootstrap=expand(
            rules.prior_bootstrap.output[0],
            dataset=[
                d
                for d in DATASETS
                if config.get("prior_intervals")
                and d in config["prior_intervals"]["datasets"]
            ],
            beta=BETAS,
        ),
        estimates=expand(ESTIMATE_OUTPUT, dataset=DATASETS, beta=BETAS),
    output:
        csv=report(
            "results/prior_intervals.csv",
            caption="../report/prior_intervals.rst",
            category="Priors with their uncertainty",
        ),
        md="results/prior_intervals.md",
    log:
        "results/logs/prior_intervals.log",
    benchmark:
        "results/benchmarks/prior_intervals.tsv"
    conda:
        "../../environment.yml"
    params:
        level=lambda w: config["prior_intervals"]["level"],
    script:
        "../scripts/prior_intervals.py"
