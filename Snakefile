"""pueval: AUL^PU versus MPE-corrected AUC^PU on nine UCI datasets (see README.md)."""

from pathlib import Path

from pueval.config import validate


# A --configfile replaces the default config rather than being merged into it, so that
# `--configfile config/smoke.yaml` runs only the smoke datasets.
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"


validate(config, Path(workflow.basedir) / "config" / "schema.yaml")

DATASETS = list(config["datasets"])
BETAS = [f"{b:g}" for b in config["betas"]]


wildcard_constraints:
    dataset="|".join(DATASETS),
    beta=r"0\.\d+",


include: "workflow/rules/data.smk"
include: "workflow/rules/estimate.smk"
include: "workflow/rules/report.smk"


rule all:
    input:
        rules.table1.output,
        rules.figure2.output,
