#!/usr/bin/env bash
# The smoke config run twice, locally and through profiles/slurm on a one-node SLURM cluster brought up
# here (.ci/slurm-cluster.sh); the two results folders must be the same (python -m pueval.pipeline.compare).
# Skips (exit 0, with a message) where the cluster's packages cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
MIRROR=${PUEVAL_UCI_MIRROR:-../shared/uci}

status=0
.ci/slurm-cluster.sh up || status=$?
if [ "$status" = 3 ]; then
    echo "slurm-smoke: skipped (no SLURM here and apt cannot install it)"
    exit 0
elif [ "$status" != 0 ]; then
    exit "$status"
fi
trap '.ci/slurm-cluster.sh down' EXIT

rm -rf runs/smoke runs/slurm-smoke
uv run snakemake all bench --cores 2 --configfile config/smoke.yaml --config uci_mirror="$MIRROR" --quiet
# Without accounting (this one-node cluster has none) the executor must ask squeue, not sacct.
uv run snakemake all bench --profile profiles/slurm --configfile config/smoke.yaml \
    --config uci_mirror="$MIRROR" output_root=runs/slurm-smoke \
    --slurm-status-command squeue --slurm-no-account --quiet
uv run python -m pueval.pipeline.compare runs/smoke/results runs/slurm-smoke/results
echo "slurm-smoke: the SLURM run's results are the local run's"
