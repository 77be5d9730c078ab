"""Steps of ``workflow/rules/draws.smk``: the SCAR draws of one (dataset, β)."""

from __future__ import annotations

from pueval.pipeline import schemas
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import LABEL, log
from pueval.studies import draws as scar


def draws(input, output, *, dataset, beta, n_draws, seed):
    """The SCAR draws of (``dataset``, ``beta``), each draw seeded by its own identity (so more draws keep these)."""
    y = schemas.read(input[0], "data", columns=[LABEL])[LABEL].to_numpy()
    with naming_keys({"beta": "betas"}):
        labeled = scar.scar_draws(y, beta, n_draws, seed=seed, dataset=dataset)
    log.info("%s beta=%g: %d draws of %d labeled positives", dataset, beta, n_draws, labeled.shape[1])
    schemas.write(scar.to_frame(labeled), output[0], "draws")
