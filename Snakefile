"""pueval: the AUL paper (AUL^PU versus MPE-corrected AUC^PU on the catalog's datasets), its extensions,
and four related papers reproduced beside their printed numbers (see README.md).

Rules, in data-flow order: workflow/rules/{data,draws,mpe,estimate}.smk, then one file per paper
({aul_paper,aul_beyond,jain,claesen,tabatabaei,mcdermott}.smk; the verdict ledger from their tables in
verdicts.smk; helpers in common.smk). Rule x of F.smk runs
workflow/scripts/x.py, which runs x of pueval.pipeline.steps.F.
"""

import os
import re
import time
from pathlib import Path

from snakemake.utils import min_version

from pueval.mpe import PUBLIC_METHODS, shipped_regressor
from pueval.pipeline import datasets, lost_outputs, reference, summary
from pueval.pipeline.config import beta_name, start_up

min_version("9.0")

STARTED = time.time()

# Every job's NumPy without its transparent-huge-page advice (NumPy's own switch; values unchanged): where the
# kernel's THP defrag policy is "madvise", a common default, each large fresh array then waits on memory compaction,
# which doubled the time of KM's Gram matrices (docs/pipeline.md). Set in the environment, the user's value is kept.
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
# The reference workload's seconds, timed when the run starts and again when it ends (pueval.pipeline.reference).
REFERENCE = {}


# The dataset catalog, then the run settings; a --configfile is merged over both.
configfile: f"{workflow.basedir}/config/datasets.yaml"
configfile: f"{workflow.basedir}/config/config.yaml"


# Checked before any job (a bad config names its key); relative paths are made relative to this folder,
# wherever snakemake (or a cluster job) runs. The summary records them as given.
GIVEN_PATHS = start_up(
    config, workflow.configfiles, workflow.config_settings.config_args, workflow.basedir
)


# Every output lives under output_root/results/ (unset: where snakemake runs); the smoke config uses
# its own root, so it never touches the committed full-run results.
if "output_root" in config:

    workdir: config["output_root"]


DATASETS = list(config["run"])
BETAS = [beta_name(b) for b in config["betas"]]
TITLES = {name: datasets.title(config, name) for name in DATASETS}


report: "workflow/report/workflow.rst"


wildcard_constraints:
    dataset="|".join(re.escape(name) for name in config["datasets"]),
    beta=r"0\.\d+",
    bench_dataset="|".join(re.escape(name) for name in [*config["datasets"], "digits"]),


include: "workflow/rules/common.smk"
include: "workflow/rules/data.smk"
include: "workflow/rules/draws.smk"
include: "workflow/rules/mpe.smk"
include: "workflow/rules/estimate.smk"
include: "workflow/rules/aul_paper.smk"
include: "workflow/rules/aul_beyond.smk"
include: "workflow/rules/jain.smk"
include: "workflow/rules/claesen.smk"
include: "workflow/rules/tabatabaei.smk"
include: "workflow/rules/mcdermott.smk"
include: "workflow/rules/verdicts.smk"
include: "workflow/rules/bench.smk"


rule all:
    default_target: True
    input:
        # Outputs lost to an interrupted or failed run are rebuilt, with everything downstream; the plan of
        # this run alone is changed, nothing is written (pueval.pipeline.lost_outputs).
        lost_outputs.rebuild_lost(workflow),
        rules.table1.output,
        rules.km_standardized_table.output if KM_STANDARDIZED else [],
        rules.figure1.output,
        rules.figure2.output,
        rules.theorem1.output,
        rules.related_table.output,
        rules.aul_interval.output,
        rules.prior_intervals.output if config.get("prior_intervals") else [],
        rules.cost.output if config.get("cost") else [],
        rules.figure3.output if config.get("figure3") else [],
        rules.sar_table.output if config.get("sar") else [],
        rules.paired_difference.output if config.get("paired_difference") else [],
        rules.operating_points.output if config.get("operating_points") else [],
        rules.model_selection.output if config.get("model_selection") else [],
        rules.jain.output if config.get("jain") else [],
        rules.claesen.output if config.get("claesen") else [],
        rules.tabatabaei.output if config.get("tabatabaei") else [],
        rules.mcdermott.output if config.get("mcdermott") else [],
        rules.verdicts.output,


# pueval bench's target, outside the default run (workflow/rules/bench.smk).
rule bench:
    input:
        # as the default target's: outputs lost to an interrupted run are rebuilt (pueval.pipeline.lost_outputs)
        lost_outputs.rebuild_lost(workflow),
        rules.bench_tables.output,


onstart:
    # Before any job: the machine's speed today, so the summary states job-seconds in its own units too.
    REFERENCE["start"] = reference.measure()


onsuccess:
    # Only a run that (re)made Table 1 writes the summary, so "nothing to be done" keeps it.
    table = Path(rules.table1.output.csv)
    if table.exists() and table.stat().st_mtime >= STARTED:
        wall_seconds = time.time() - STARTED
        # after the last job, timed again: the run's units are those of the two timings' mean
        found = (
            reference.Reference.mean(REFERENCE["start"], reference.measure())
            if "start" in REFERENCE
            else None
        )
        summary.write(
            "results/run_summary.md",
            started=STARTED,
            wall_seconds=wall_seconds,
            cores=workflow.resource_settings.cores,
            jobs=workflow.resource_settings.nodes,
            config={**config, **GIVEN_PATHS},
            distance=rules.table1.output.distance,
            reference=found,
            configfiles=summary.merge_order(
                workflow.configfiles,
                workflow.overwrite_configfiles,
                workflow.basedir,
            ),
        )
