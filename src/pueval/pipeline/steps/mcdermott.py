"""Steps of ``workflow/rules/mcdermott.smk``: McDermott et al. (2024)'s AUROC-vs-AUPRC study."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pueval import seeds
from pueval.pipeline import schemas
from pueval.pipeline.steps import LABEL, log


def mcdermott_synthetic(input, output, *, seed, target_auroc, datasets):
    """Their Section 3.1 at one target AUROC: M1, M2, M3 optimizing AUROC or AUPRC on two groups."""
    from pueval.studies import mcdermott as study

    frame = study.synthetic_frame(seed=seed, auroc=target_auroc, datasets=datasets)
    log.info("target AUROC %g: %d datasets, %d rows", target_auroc, datasets, len(frame))
    schemas.write(frame, output[0], "mcdermott_synthetic")


def mcdermott_pu(input, output, *, seed, target_auroc, datasets, size, frequencies, m2_steps, m3_steps):
    """The PU version: AUC^PU (≡ AUL^PU) against AUPRC^PU, the true per-group AUROC tracked."""
    from pueval.studies import mcdermott as study

    frame = study.pu_frame(seed=seed, auroc=target_auroc, datasets=datasets, size=size,
                           frequencies={k: tuple(v) for k, v in frequencies.items()}, m2_steps=m2_steps,
                           m3_steps=m3_steps)
    log.info("PU: %d datasets, %d rows", datasets, len(frame))
    schemas.write(frame, output[0], "mcdermott_pu")


def mcdermott_real(input, output, *, seed, dataset, attribute, weights, runs, splits):
    """Their Section 3.2 on one (dataset, attribute): balanced groups, a random search per group weight."""
    from pueval.studies import mcdermott as study

    features = schemas.read(input[0], "data")
    labels = features.pop(LABEL).to_numpy()
    x, y, group, prevalence = study.balanced_setting(features, labels, (dataset, attribute),
                                                     seeds.rng(seed, "mcdermott", dataset, attribute))
    models = study.models_frame(x, y, group, (dataset, attribute), seed=seed, weights=weights, runs=runs,
                                splits=splits)
    log.info("%s/%s: n = %d, prevalences %.3f / %.3f, %d models", dataset, attribute, y.size, *prevalence, len(models))
    schemas.write(models.assign(n=y.size, prevalence_higher=prevalence[0], prevalence_lower=prevalence[1]),
                  output[0], "mcdermott_real")


def mcdermott(input, output, *, settings, features, titles, seed, target_aurocs, theorem_datasets):
    """results/mcdermott.md and .csv, their Figures 2-6 and the PU version's figure; their Theorem 2 checked on
    ``theorem_datasets`` datasets of Section 3.1 at each of ``target_aurocs`` (results/mcdermott_theorem2.csv)."""
    from pueval.pipeline.render import mcdermott as render
    from pueval.studies import mcdermott as study

    synthetic = pd.concat([schemas.read(p, "mcdermott_synthetic") for p in input.synthetic], ignore_index=True)
    pu = schemas.read(input.pu, "mcdermott_pu")
    real = {tuple(s): schemas.read(p, "mcdermott_real") for s, p in zip(settings, input.real)}
    changes = study.end_changes(synthetic)
    pu_changes = study.end_changes(pu, keys=("method", "labels", "arm"))
    changes.to_csv(output.csv, index=False, float_format="%.4f")
    real_rows = [{"dataset": dataset, "attribute": attribute,
                  "models_per_split": len(models) // models["split"].nunique(),
                  **study.spearman_difference(models)} for (dataset, attribute), models in real.items()]
    # with its header even when no real dataset is run (config mcdermott.real: []), so the ledger reads it
    pd.DataFrame(real_rows, columns=["dataset", "attribute", "models_per_split", "difference", "low", "high",
                                     "low_naive", "high_naive", "splits", "interval"]
                 ).to_csv(output.real_csv, index=False, float_format="%.6g")
    theorem2 = pd.concat([study.theorem2_frame(seed=seed, auroc=a, datasets=theorem_datasets) for a in target_aurocs],
                         ignore_index=True)
    theorem2.to_csv(output.theorem2_csv, index=False, float_format="%.17g")  # exact: the ledger compares gains
    Path(output.md).write_text(render.mcdermott_markdown(synthetic, changes, pu, pu_changes, real, features, titles))
    targets = sorted(synthetic["target_auroc"].unique(), reverse=True)
    render.save(render.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[0]], "auroc"),
                 (output.figure2,))
    render.save(render.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[0]], "auprc"),
                 (output.figure4,))
    render.save(render.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[-1]], "auroc"),
                 (output.figure5,))
    render.save(render.mcdermott_noise(synthetic), (output.figure6,))
    render.save(render.mcdermott_pu(pu), (output.pu,))
    render.save(render.mcdermott_figure3(real, titles), (output.figure3,))
