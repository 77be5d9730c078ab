"""pueval: AUL^PU versus MPE-corrected AUC^PU on nine UCI datasets (see README.md)."""

import time
from pathlib import Path

from pueval import summary
from pueval.config import validate
from pueval.datasets import SPECS


STARTED = time.time()

# A --configfile replaces the default config rather than being merged into it, so that
# `--configfile config/smoke.yaml` runs only the smoke datasets.
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"


validate(config, Path(workflow.basedir) / "config" / "schema.yaml")

DATASETS = list(config["datasets"])
BETAS = [f"{b:g}" for b in config["betas"]]


report: "workflow/report/workflow.rst"


wildcard_constraints:
    dataset="|".join(SPECS),
    beta=r"0\.\d+",


include: "workflow/rules/data.smk"
include: "workflow/rules/estimate.smk"
include: "workflow/rules/mpe.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/figure3.smk"


rule all:
    input:
        rules.table1.output,
        rules.figure2.output,
        rules.theorem1.output,
        rules.related_table.output,
        rules.aul_interval.output,
        rules.cost.output if config.get("cost") else [],
        rules.figure3.output if config.get("figure3") else [],


onsuccess:
    # Only a run that (re)made Table 1 writes the summary, so "nothing to be done" keeps it.
    table = Path(rules.table1.output.csv)
    if table.exists() and table.stat().st_mtime >= STARTED:
        summary.write("results/run_summary.md", wall_seconds=time.time() - STARTED, cores=workflow.cores,
                      config=config)
