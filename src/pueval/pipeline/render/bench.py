"""``pueval bench``'s benchmark rendered: ``results/bench/bench.md`` and its diagram."""

from __future__ import annotations



from pueval.pipeline.render.common import _pipe_table, plt, save

__all__ = ["bench_markdown", "diagram", "run_summary", "save"]


def diagram(groups: dict):
    """One panel per β: :func:`pueval.plots.plot_bench_diagram` of the table of mean test AUL^PU."""
    from pueval.bench.ranking import smallest_holm_p
    from pueval.plots import plot_bench_diagram

    fig, axes = plt.subplots(len(groups), 1, figsize=(8, 3.6 * len(groups)), layout="constrained", squeeze=False)
    for ax, (beta, (table, _)) in zip(axes[:, 0], sorted(groups.items())):
        plot_bench_diagram(table, ax=ax)
        floor = smallest_holm_p(*table.shape)
        ax.set_title(f"β = {beta:g}: mean test AUL^PU per dataset; bars: not separated (Wilcoxon, Holm; smallest "
                     f"attainable p {floor:.3g})", fontsize="medium")
    return fig


def _detectable(ranked) -> str:
    """What the design across datasets can detect: the smallest Holm p it can reach, per β."""
    from pueval.bench.ranking import smallest_holm_p

    parts = []
    for beta, block in ranked.groupby("beta"):
        learners = len(set(block["a"]) | set(block["b"]))
        floor = smallest_holm_p(int(block["datasets"].max()), learners)
        parts.append(f"β = {beta:g}: {int(block['datasets'].max())} datasets, {learners} learners, smallest "
                     f"attainable Holm p {floor:.3g}" + (" (no pair can be separated at 5 %)" if floor >= 0.05 else ""))
    return "What the design can detect: " + "; ".join(parts) + "."


def run_summary(means, *, seconds: float, reference) -> str:
    """results/bench/run_summary.md: what the benchmark's jobs cost, in job-seconds and reference units, and each
    arm's mean CPU seconds per draw (measured, so apart from the computed tables)."""
    units = f"{seconds / reference.seconds:.0f} reference units (reference workload {reference.seconds:.3f} s on this " \
        f"machine: {reference.parts()})" if reference else "not normalized"
    cpu = means.groupby("learner", sort=False)["cpu_seconds"].mean().sort_values(ascending=False).reset_index()
    return "\n".join(["# pueval bench: run summary", "",
                      f"- {means['dataset'].nunique()} datasets × {means['beta'].nunique()} β: the settings' jobs took "
                      f"{seconds:.0f} job-seconds, {units}", "",
                      "Mean CPU seconds per draw of each arm (its grid's fits, both tunings):", "",
                      *_pipe_table(cpu), ""])


def bench_markdown(means, ranked, claims, agreement, copies, tuning, priors, sets, verdicts, failures) -> str:
    """The benchmark: the verdicts, the validity study, the ranking per β, the tuning check, what the oracle prior
    is worth, the failures and warnings."""
    pu_only = means[(means["tuning"] == "aul")]
    overall = (pu_only.groupby("learner", sort=False)[["aul_pu", "oracle_auc"]].mean()
               .sort_values("aul_pu", ascending=False).reset_index())
    lines = ["# pueval bench: PU learners ranked from PU data alone", "",
             f"{means['dataset'].nunique()} datasets × {means['beta'].nunique()} β (what the run cost: "
             "run_summary.md).", "",
             "## Verdicts (each decided by a rule of pueval.studies.verdict_rules)", "",
             *_pipe_table(verdicts[["id", "verdict", "ours", "interval", "test"]]), "",
             "## Validity: claims from PU data against the oracle", "", *_pipe_table(claims), "",
             "Kendall's τ between the AUL^PU ranking and the oracle AUC ranking, per setting (mean over draws):", "",
             *_pipe_table(agreement), "",
             "The confidence set for the best, per draw: how often it holds the arm with the highest oracle AUL, "
             "beside a random set of the same size:", "", *_pipe_table(sets), "",
             "Two copies of one learner (another name and seed): how often each test separates them:", "",
             *_pipe_table(copies), "",
             "## Learners, tuned by AUL^PU (means over datasets, β and draws; oracle columns never used to rank)", "",
             *_pipe_table(overall), "",
             "## Across datasets, per β: Wilcoxon signed-rank over the datasets, Holm over the pairs", "",
             _detectable(ranked),
             "",
             "`ahead`: the arm ahead at 5 % from PU data; `ahead_oracle`: the same test on the oracle AUC; "
             "`p_a_ahead`, `p_rope`, `p_b_ahead`: the Bayesian signed-rank test's posterior (rope ±0.01), the "
             "cross-check.", "",
             *_pipe_table(ranked[["beta", "a", "b", "datasets", "a_wins", "median_difference", "p_holm", "ahead",
                                  "p_holm_oracle", "ahead_oracle", "p_a_ahead", "p_rope", "p_b_ahead"]]), "",
             "## Tuning by AUL^PU against tuning by the learner's own risk (oracle AUC on the test rows)", "",
             *(_pipe_table(tuning) if not tuning.empty else ["No learner with both tunings."]), "",
             "## What the oracle prior is worth to the learners that take one (oracle AUC, tuned by AUL^PU)", "",
             *(_pipe_table(priors) if not priors.empty else ["No learner takes the prior."]), "",
             "![The learners across datasets, per β](figures/bench_diagram.png)", ""]
    failed = failures[failures["kind"] == "failure"]
    if not failed.empty:
        lines += ["## Failures (that arm not ranked on that draw)", "",
                  *_pipe_table(failed.drop(columns="kind").drop_duplicates(["learner", "message"])), ""]
    warned = failures[failures["kind"] == "warning"]
    if not warned.empty:
        counts = warned.groupby("message", sort=False).size().rename("draws").reset_index()
        lines += ["## Warnings raised (each with the number of draws it was raised in)", "", *_pipe_table(counts), ""]
    return "\n".join(lines)


