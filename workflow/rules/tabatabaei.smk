# Tabatabaei, Klein & Hoogendoorn (2020)'s study of F1-bar and the LL score.

# Tabatabaei et al.'s classifier families: random lines, random hyperplanes, random forests on tabatabaei.dataset
# fitted on the true classes and (unless tabatabaei.forest_pu_rho is null) on PU labels.
TABATABAEI_FAMILIES = (
    ["generated", "iris"]
    + (
        ["forest"]
        + (["forest_pu"] if config["tabatabaei"]["forest_pu_rho"] is not None else [])
        if config["tabatabaei"]["dataset"]
        else []
    )
    if config.get("tabatabaei")
    else []
)


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
        orient_on=lambda w: config["tabatabaei"]["orient_on"],
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
        rf_repetitions=lambda w: config["tabatabaei"]["rf_repetitions"],
    script:
        "../scripts/tabatabaei_rho.py"


rule tabatabaei_designs:
    input:
        lambda w: rules.binarize.output[0].format(
            dataset=config["tabatabaei"]["dataset"]
        ),
    output:
        "results/tabatabaei/designs.parquet",
    log:
        "results/logs/tabatabaei/designs.log",
    benchmark:
        "results/benchmarks/tabatabaei/designs.tsv"
    conda:
        "../../environment.yml"
    params:
        seed=config["seed"],
        runs=lambda w: config["tabatabaei"]["runs"],
        classifiers=lambda w: config["tabatabaei"]["classifiers"],
    script:
        "../scripts/tabatabaei_designs.py"


rule tabatabaei:
    input:
        inversions=expand(
            rules.tabatabaei_inversions.output[0], family=TABATABAEI_FAMILIES
        ),
        rho=rules.tabatabaei_rho.output[0],
        designs=lambda w: (
            rules.tabatabaei_designs.output[0]
            if config["tabatabaei"]["dataset"]
            else []
        ),
    output:
        csv="results/tabatabaei.csv",
        table2_csv="results/tabatabaei_table2.csv",
        figure2_csv="results/tabatabaei_figure2.csv",
        figure3_csv="results/tabatabaei_figure3.csv",
        figure5_csv="results/tabatabaei_figure5.csv",
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
        orient_on=lambda w: config["tabatabaei"]["orient_on"],
        forest_title=lambda w: (
            datasets.title(config, config["tabatabaei"]["dataset"])
            if config["tabatabaei"]["dataset"]
            else None
        ),
    script:
        "../scripts/tabatabaei.py"
