"""The studies: each paper's experiments on arrays and frames (no files, no config), one module per study.

Table 1 of the AUL paper: :mod:`~pueval.studies.draws` (SCAR draws), :mod:`~pueval.studies.mpe_draws`
(the priors on every draw), :mod:`~pueval.studies.draw_estimates` (AUL^PU and the corrected AUCs per
draw), :mod:`~pueval.studies.table1` (errors, MAE, distance to the paper) and
:mod:`~pueval.studies.aul_paper` (the paper's printed values). Beyond it: :mod:`~pueval.studies.theorem1`,
:mod:`~pueval.studies.aul_interval`, :mod:`~pueval.studies.related_draws`,
:mod:`~pueval.studies.pu_auc_vs_pu_aul` with :mod:`~pueval.studies.kernel_ranking` (Figure 3),
:mod:`~pueval.studies.aul_figure1`, :mod:`~pueval.studies.paired_difference`, :mod:`~pueval.studies.sar`
(labels not selected at random, and the estimates that do without SCAR) and :mod:`~pueval.studies.cost`.
The related papers, one module each: :mod:`~pueval.studies.jain`, :mod:`~pueval.studies.claesen`,
:mod:`~pueval.studies.tabatabaei`, :mod:`~pueval.studies.mcdermott`. Studies import the library, never the
pipeline.
"""
