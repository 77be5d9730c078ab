# McDermott et al. (2024)'s AUROC-vs-AUPRC study: Section 3.1, its PU version, Section 3.2.

# McDermott et al.'s Section 3.2: (dataset, attribute) settings.
MCDERMOTT_SETTINGS = [
    (name, attribute)
    for name in (config["mcdermott"]["real"] if config.get("mcdermott") else [])
    for attribute in ("sex", "race")
]


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
        real_csv="results/mcdermott_real.csv",
        theorem2_csv="results/mcdermott_theorem2.csv",
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
        seed=config["seed"],
        target_aurocs=lambda w: [float(a) for a in config["mcdermott"]["target_aurocs"]],
        theorem_datasets=lambda w: config["mcdermott"]["datasets"],
    script:
        "../scripts/mcdermott.py"
