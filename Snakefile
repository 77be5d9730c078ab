"""pueval: AUL^PU versus MPE-corrected AUC^PU on nine UCI datasets (see README.md)."""

import time
from pathlib import Path

from pueval import summary
from pueval.config import apply_command_line, beta_name, check_files, validate
from pueval.datasets import SPECS


STARTED = time.time()

# A --configfile replaces the default config rather than being merged into it, so that
# `--configfile config/smoke.yaml` runs only the smoke datasets.
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"


check_files(workflow.configfiles)
apply_command_line(config, workflow.config_settings.config_args)
validate(config, Path(workflow.basedir) / "config" / "schema.yaml")

# Every output lives under output_root/results/ (default: this folder); the smoke config and the tests
# use their own root, so they never touch the committed full-run results.
if config["output_root"] != ".":
    if config.get("uci_mirror"):
        config["uci_mirror"] = str(Path(config["uci_mirror"]).resolve())

    workdir: config["output_root"]


DATASETS = list(config["datasets"])
BETAS = [beta_name(b) for b in config["betas"]]


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
        summary.write("results/run_summary.md", started=STARTED, wall_seconds=time.time() - STARTED,
                      cores=workflow.cores, config=config)
