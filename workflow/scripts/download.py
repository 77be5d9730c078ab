from pueval.pipeline.steps import run
from pueval.pipeline.steps.data import download

# uci_mirror is read from the config, not params: the route is no rerun trigger, the content is.
run(download, snakemake, uci_mirror=snakemake.config["uci_mirror"])  # noqa: F821 (Snakemake injects `snakemake`)
