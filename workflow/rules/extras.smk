# Beyond the paper: on the same draws, the Theorem 1 check, the prior-free AUL^PU intervals and the
# related papers' estimators; on draws of their own, labels selected not at random (SAR).


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


rule jain:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        data=expand(rules.binarize.output[0], dataset=DATASETS),
    output:
        csv="results/jain.csv",
        md=report(
            "results/jain.md", caption="../report/jain.rst", category="Jain et al."
        ),
        figure2_png=report(
            "results/figures/jain_figure2.png",
            caption="../report/jain.rst",
            category="Jain et al.",
        ),
        figure2_pdf="results/figures/jain_figure2.pdf",
        figure1_png="results/figures/jain_figure1.png",
    log:
        "results/logs/jain.log",
    benchmark:
        "results/benchmarks/jain.tsv"
    conda:
        "../../environment.yml"
    params:
        names=DATASETS,
        seed=config["seed"],
        repetitions=lambda w: config["jain"]["repetitions"],
        pu_repetitions=lambda w: config["jain"]["pu_repetitions"],
        purities=lambda w: [float(b) for b in config["jain"]["purities"]],
        transform=config["mpe"]["distcurve"]["transform"],
    script:
        "../scripts/jain.py"


CLAESEN_SCORES = (config.get("claesen") or {}).get("scores")


rule claesen_scores:
    output:
        "results/claesen/authors_scores.parquet",
    log:
        "results/logs/claesen_scores.log",
    benchmark:
        "results/benchmarks/claesen_scores.tsv"
    conda:
        "../../environment.yml"
    params:
        source=lambda w: CLAESEN_SCORES["source"],
        mirror=config["uci_mirror"],
        relative=lambda w: CLAESEN_SCORES["mirror"],
        entry=lambda w: CLAESEN_SCORES["entry"],
    script:
        "../scripts/claesen_scores.py"


rule claesen:
    input:
        **({"authors": rules.claesen_scores.output[0]} if CLAESEN_SCORES else {}),
        scores=lambda w: expand(
            rules.score.output[0], dataset=datasets.claesen_dataset(config)
        ),
        draws=lambda w: expand(
            DRAWS_OUTPUT,
            dataset=datasets.claesen_dataset(config),
            beta=config["claesen"]["beta"],
        ),
        estimates=lambda w: expand(
            ESTIMATE_OUTPUT,
            dataset=datasets.claesen_dataset(config),
            beta=config["claesen"]["beta"],
        ),
    output:
        **(
            {"figure5_contrast_png": "results/figures/claesen_figure5_contrast.png"}
            if CLAESEN_SCORES
            else {}
        ),
        csv="results/claesen.csv",
        md=report(
            "results/claesen.md",
            caption="../report/claesen.rst",
            category="Claesen et al.",
        ),
        figure2_png="results/figures/claesen_figure2.png",
        figure3_png="results/figures/claesen_figure3.png",
        figure4_png="results/figures/claesen_figure4.png",
        figure5_png=report(
            "results/figures/claesen_figure5.png",
            caption="../report/claesen.rst",
            category="Claesen et al.",
        ),
        figure5_pdf="results/figures/claesen_figure5.pdf",
    log:
        "results/logs/claesen.log",
    benchmark:
        "results/benchmarks/claesen.tsv"
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        repetitions=lambda w: config["claesen"]["repetitions"],
        known_positives=lambda w: config["claesen"]["known_positives"],
        level=lambda w: config["claesen"]["level"],
        dataset=lambda w: datasets.claesen_dataset(config),
        authors=lambda w: (
            {
                k: CLAESEN_SCORES[k]
                for k in ("entry", "known_fraction", "beta_range", "repetitions")
            }
            if CLAESEN_SCORES
            else None
        ),
    script:
        "../scripts/claesen.py"


rule tabatabaei_inversions:
    input:
        lambda w: (
            rules.binarize.output[0].format(dataset=config["tabatabaei"]["dataset"])
            if w.family.startswith("forest")
            else []
        ),
    output:
        "results/tabatabaei/{family}.parquet",
    log:
        "results/logs/tabatabaei/{family}.log",
    benchmark:
        "results/benchmarks/tabatabaei/{family}.tsv"
    wildcard_constraints:
        family="generated|iris|forest|forest_pu",
    conda:
        "../../environment.yml"
    params:
        family=lambda w: w.family,
        seed=config["seed"],
        runs=lambda w: config["tabatabaei"]["runs"],
        classifiers=lambda w: config["tabatabaei"]["classifiers"],
        rho_step=lambda w: config["tabatabaei"]["rho_step"],
        orient_lines=lambda w: config["tabatabaei"]["orient_lines"],
        forest_sets=lambda w: config["tabatabaei"]["forest_sets"],
        pu_rho=lambda w: (
            config["tabatabaei"]["forest_pu_rho"] if w.family == "forest_pu" else None
        ),
    script:
        "../scripts/tabatabaei_inversions.py"


rule tabatabaei_rho:
    output:
        "results/tabatabaei/rho.parquet",
    log:
        "results/logs/tabatabaei/rho.log",
    benchmark:
        "results/benchmarks/tabatabaei/rho.tsv"
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        rhos=lambda w: [float(r) for r in config["tabatabaei"]["en_rhos"]],
        repetitions=lambda w: config["tabatabaei"]["en_repetitions"],
    script:
        "../scripts/tabatabaei_rho.py"


rule tabatabaei:
    input:
        inversions=expand(
            rules.tabatabaei_inversions.output[0], family=TABATABAEI_FAMILIES
        ),
        rho=rules.tabatabaei_rho.output[0],
    output:
        csv="results/tabatabaei.csv",
        md=report(
            "results/tabatabaei.md",
            caption="../report/tabatabaei.rst",
            category="Tabatabaei et al.",
        ),
        figure2="results/figures/tabatabaei_figure2.png",
        figure3="results/figures/tabatabaei_figure3.png",
        figure4=report(
            "results/figures/tabatabaei_figure4.png",
            caption="../report/tabatabaei.rst",
            category="Tabatabaei et al.",
        ),
        figure5="results/figures/tabatabaei_figure5.png",
    log:
        "results/logs/tabatabaei.log",
    benchmark:
        "results/benchmarks/tabatabaei.tsv"
    conda:
        "../../environment.yml"
    params:
        families=TABATABAEI_FAMILIES,
        seed=config["seed"],
        bounds_draws=lambda w: config["tabatabaei"]["bounds_draws"],
        orient_lines=lambda w: config["tabatabaei"]["orient_lines"],
        forest_title=lambda w: (
            datasets.title(config, config["tabatabaei"]["dataset"])
            if config["tabatabaei"]["dataset"]
            else None
        ),
    script:
        "../scripts/tabatabaei.py"


rule mcdermott_synthetic:
    output:
        "results/mcdermott/synthetic_{target}.parquet",
    log:
        "results/logs/mcdermott/synthetic_{target}.log",
    benchmark:
        "results/benchmarks/mcdermott/synthetic_{target}.tsv"
    wildcard_constraints:
        target=r"0\.\d+",
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        target_auroc=lambda w: float(w.target),
        datasets=lambda w: config["mcdermott"]["datasets"],
    script:
        "../scripts/mcdermott_synthetic.py"


rule mcdermott_pu:
    output:
        "results/mcdermott/pu.parquet",
    log:
        "results/logs/mcdermott/pu.log",
    benchmark:
        "results/benchmarks/mcdermott/pu.tsv"
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        target_auroc=lambda w: float(config["mcdermott"]["target_aurocs"][0]),
        datasets=lambda w: config["mcdermott"]["datasets"],
        size=lambda w: config["mcdermott"]["pu"]["size"],
        frequencies=lambda w: config["mcdermott"]["pu"]["frequencies"],
        m2_steps=lambda w: config["mcdermott"]["pu"]["m2_steps"],
        m3_steps=lambda w: config["mcdermott"]["pu"]["m3_steps"],
    script:
        "../scripts/mcdermott_pu.py"


rule mcdermott_real:
    input:
        rules.binarize.output[0],
    output:
        "results/mcdermott/real_{dataset}_{attribute}.parquet",
    log:
        "results/logs/mcdermott/real_{dataset}_{attribute}.log",
    benchmark:
        "results/benchmarks/mcdermott/real_{dataset}_{attribute}.tsv"
    wildcard_constraints:
        attribute="sex|race",
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        dataset=lambda w: w.dataset,
        attribute=lambda w: w.attribute,
        weights=lambda w: config["mcdermott"]["weights"],
        runs=lambda w: config["mcdermott"]["runs"],
        splits=lambda w: config["mcdermott"]["splits"],
    script:
        "../scripts/mcdermott_real.py"


rule mcdermott:
    input:
        synthetic=lambda w: expand(
            rules.mcdermott_synthetic.output[0],
            target=[str(float(a)) for a in config["mcdermott"]["target_aurocs"]],
        ),
        pu=rules.mcdermott_pu.output[0],
        real=[
            rules.mcdermott_real.output[0].format(dataset=d, attribute=a)
            for d, a in MCDERMOTT_SETTINGS
        ],
    output:
        csv="results/mcdermott.csv",
        md=report(
            "results/mcdermott.md",
            caption="../report/mcdermott.rst",
            category="McDermott et al.",
        ),
        figure2=report(
            "results/figures/mcdermott_figure2.png",
            caption="../report/mcdermott.rst",
            category="McDermott et al.",
        ),
        figure3="results/figures/mcdermott_figure3.png",
        figure4="results/figures/mcdermott_figure4.png",
        figure5="results/figures/mcdermott_figure5.png",
        figure6="results/figures/mcdermott_figure6.png",
        pu="results/figures/mcdermott_pu.png",
    log:
        "results/logs/mcdermott.log",
    benchmark:
        "results/benchmarks/mcdermott.tsv"
    conda:
        "../../environment.yml"
    params:
        settings=MCDERMOTT_SETTINGS,
        features=lambda w: {
            name: len(datasets.entry(config, name)["columns"])
            - 1
            - len(datasets.entry(config, name).get("drop", []))
            for name in config["mcdermott"]["real"]
        },
        titles=lambda w: {
            name: datasets.title(config, name) for name in config["mcdermott"]["real"]
        },
    script:
        "../scripts/mcdermott.py"
