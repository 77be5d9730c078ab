"""Every rule's script: hand the rule's input, output and params to pueval.steps."""

from pueval.steps import run_rule

run_rule(snakemake)  # noqa: F821 (injected by Snakemake)
