# The verdict ledger: every claim our studies test, decided by a declared rule from the studies' tables
# (pueval.studies.ledger), after every study; a study switched off leaves its claims unjudged and listed.


rule verdicts:
    input:
        **verdict_tables(),
    output:
        csv="results/verdicts.csv",
        md="results/verdicts.md",
    log:
        "results/logs/verdicts.log",
    benchmark:
        "results/benchmarks/verdicts.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/verdicts.py"
