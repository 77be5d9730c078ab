# pueval bench: PU learners ranked from PU data alone, checked against the truth the ranking never sees. Its own
# target (snakemake --cores 8 bench), outside the default run; one job per (dataset, β), so an edited β, dataset
# or draw count reruns its share (a learner's edit reruns every setting: each draw judges all learners together).


rule bench_digits:
    output:
        "results/bench/data/digits.parquet",
    log:
        "results/logs/bench/digits.log",
    benchmark:
        "results/benchmarks/bench_digits.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/bench_digits.py"


rule bench_setting:
    input:
        data=bench_data,
    output:
        learners="results/bench/settings/{bench_dataset}/beta{beta}.learners.parquet",
        pairs="results/bench/settings/{bench_dataset}/beta{beta}.pairs.parquet",
        failures="results/bench/settings/{bench_dataset}/beta{beta}.failures.csv",
    log:
        "results/logs/bench/{bench_dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/bench_setting/{bench_dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.bench_dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        draws=lambda w: config["bench"]["draws"],
        learners=lambda w: config["bench"]["learners"],
        copies=lambda w: config["bench"]["copies"],
        train=lambda w: config["bench"]["train"],
        validation=lambda w: config["bench"]["validation"],
        max_train_rows=lambda w: config["bench"]["max_train_rows"],
        level=lambda w: config["bench"]["level"],
    script:
        "../scripts/bench_setting.py"


rule bench_tables:
    input:
        learners=lambda w: bench_settings("learners"),
        pairs=lambda w: bench_settings("pairs"),
        failures=lambda w: bench_settings("failures"),
    output:
        learners="results/bench/learners.csv",
        ranking="results/bench/ranking.csv",
        claims="results/bench/claims.csv",
        agreement="results/bench/rank_agreement.csv",
        copies="results/bench/copies.csv",
        tuning="results/bench/tuning.csv",
        priors="results/bench/priors.csv",
        sets="results/bench/sets.csv",
        failures="results/bench/failures.csv",
        verdicts="results/bench/verdicts.csv",
        md="results/bench/bench.md",
        summary="results/bench/run_summary.md",
        diagram="results/bench/figures/bench_diagram.png",
    log:
        "results/logs/bench/tables.log",
    benchmark:
        "results/benchmarks/bench_tables.tsv"
    conda:
        "../../environment.yml"
    params:
        copies=lambda w: config["bench"]["copies"],
        level=lambda w: config["bench"]["level"],
        benchmarks=lambda w: bench_settings("benchmark"),
    script:
        "../scripts/bench_tables.py"
