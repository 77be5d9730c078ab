from pueval.pipeline.steps import download, run

# uci_mirror is read from the config, not params: the route is no rerun trigger, the content is.
run(download, snakemake, uci_mirror=snakemake.config["uci_mirror"])  # noqa: F821 (Snakemake injects `snakemake`)
