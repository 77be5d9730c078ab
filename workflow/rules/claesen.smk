# Claesen et al. (2015)'s experiments: Figures 2-5, Figure 5 on the authors' own scores.


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
        order_csv="results/claesen_order.csv",
        labelings_csv="results/claesen_labelings.csv",
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
