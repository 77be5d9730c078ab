# Helpers the rules files share (no rules here).


def every_beta(pattern):
    """The pattern's files for every beta of the run, {dataset} left open: the outputs of a job that runs
    every beta of one dataset (draws, km, transform_mpe, tice, estimate)."""
    return expand(pattern, beta=BETAS, allow_missing=True)
