# Jain, White & Radivojac (2017)'s study on our datasets.


rule jain:
    input:
        scores=expand(rules.score.output[0], dataset=DATASETS),
        data=expand(rules.binarize.output[0], dataset=DATASETS),
    output:
        csv="results/jain.csv",
        tests_csv="results/jain_tests.csv",
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
        pu_folds=lambda w: config["jain"]["pu_folds"],
        networks_datasets=lambda w: jain_datasets("networks_datasets"),
        variant_datasets=lambda w: jain_datasets("variant_datasets"),
        purities=lambda w: [float(b) for b in config["jain"]["purities"]],
        transform=config["mpe"]["distcurve"]["transform"],
    script:
        "../scripts/jain.py"
