"""Steps of ``workflow/rules/tabatabaei.smk``: Tabatabaei et al. (2020)'s study of F1-bar and the LL score."""

from __future__ import annotations

from pathlib import Path

from pueval.pipeline import schemas
from pueval.pipeline.steps import _features, log


def tabatabaei_inversions(input, output, *, family, seed, runs, classifiers, rho_step, orient_lines, orient_on,
                          forest_sets, pu_rho):
    """Inversions and squared errors of F̄1 and LL per (ρ, run) for one family of Tabatabaei's classifiers."""
    from pueval.studies import tabatabaei as study

    data = _features(input[0]) if family in study.FORESTS else None
    frame = study.study_frame(family, seed=seed, runs=runs, classifiers=classifiers, step=rho_step, data=data,
                              orient_lines=orient_lines, forest_sets=forest_sets, pu_rho=pu_rho, orient_on=orient_on)
    log.info("%s: %d runs over %d values of rho", family, len(frame), frame["rho"].nunique())
    schemas.write(frame, output[0], "tabatabaei")


def tabatabaei_designs(input, output, *, seed, runs, classifiers):
    """Table 2's RMSE on Heart Disease under each design the paper leaves open (class coding, where the forests
    are judged)."""
    from pueval.studies import tabatabaei as study

    x, y = _features(input[0])
    frame = study.design_frame(x, y, seed=seed, runs=runs, classifiers=classifiers)
    log.info("Heart Disease designs: RMSE of LL %s", ", ".join(f"{v:.3f}" for v in frame["rmse_ll"]))
    schemas.write(frame, output[0], "tabatabaei_designs")


def tabatabaei_rho(input, output, *, seed, rhos, repetitions, rf_repetitions):
    """Figure 2's data: their leave-one-out random forest's (Figure 2's), their leave-one-out logistic regression's
    and EN's estimates of ρ on generated data and IRIS."""
    from pueval.studies import tabatabaei as study

    frame = study.rho_estimates_frame(seed=seed, rhos=rhos, repetitions=repetitions, rf_repetitions=rf_repetitions)
    log.info("%d labeled sets, each with EN's and the leave-one-out estimates of rho (the forest's on %d)", len(frame),
             int(frame["rho_hat_loo_rf"].notna().sum()))
    schemas.write(frame, output[0], "tabatabaei_rho")


def tabatabaei(input, output, *, families, seed, bounds_draws, forest_title, orient_lines, orient_on):
    """results/tabatabaei.md and .csv, their Table 2 beside ours, Figures 2-5, and the tables the ledger judges
    Figures 2, 3 and 5 by (tabatabaei_figure2.csv, _figure3.csv, _figure5.csv)."""
    from pueval.pipeline.render import tabatabaei as render
    from pueval.studies import tabatabaei as study

    frames = {family: schemas.read(path, "tabatabaei") for family, path in zip(families, input.inversions)}
    tests = study.wilcoxon_tables(frames)
    rho = schemas.read(input.rho, "tabatabaei_rho")
    designs = schemas.read(input.designs, "tabatabaei_designs") if input.designs else None
    bounds = study.bounds_frame(seed=seed, draws=bounds_draws, orient_lines=orient_lines)
    titles = {"generated": "Generated", "iris": "IRIS", "forest": forest_title,
              "forest_pu": f"{forest_title}, PU-fitted forests"}
    tests.to_csv(output.csv, index=False, float_format="%.6g")
    study.table2(frames).to_csv(output.table2_csv, index=False, float_format="%.6g")
    study.rho_estimates_table(rho).to_csv(output.figure2_csv, index=False, float_format="%.6g")
    bounds.to_csv(output.figure3_csv, index=False, float_format="%.8g")
    study.noise_verdicts(frames).to_csv(output.figure5_csv, index=False, float_format="%.6g")
    Path(output.md).write_text(render.tabatabaei_markdown(frames, tests, rho, bounds, titles, orient_lines,
                                                          orient_on, designs))
    render.save(render.tabatabaei_figure2(rho, titles), (output.figure2,))
    render.save(render.tabatabaei_figure3(bounds, titles), (output.figure3,))
    first = {family: frame[frame["forest_set"] == 0] for family, frame in frames.items()}  # forests: set 0
    render.save(render.tabatabaei_figure4(first, tests[tests["forest_set"] == 0], titles), (output.figure4,))
    render.save(render.tabatabaei_figure5({f: frames[f] for f in study.SYNTHETIC}, titles), (output.figure5,))
