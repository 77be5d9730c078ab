"""The pipeline's machinery: what Snakemake runs around the studies.

:mod:`~pueval.pipeline.steps` (one module per rules file, one function per rule: read the inputs, call a
study, write the outputs),
:mod:`~pueval.pipeline.config` (validation at start-up, config keys in error messages),
:mod:`~pueval.pipeline.schemas` (the intermediate Parquet files), :mod:`~pueval.pipeline.datasets` and
:mod:`~pueval.pipeline.download` (the catalog and its raw tables), :mod:`~pueval.pipeline.render` (one
module per paper: its figures and Markdown), :mod:`~pueval.pipeline.summary` (the run summary),
:mod:`~pueval.pipeline.compare` (are two runs' results the same?) and :mod:`~pueval.pipeline.calibrate`
(the model capacities of the catalog). Needs the ``pipeline`` extra.
"""
