#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, for the SLURM smoke run (.ci/slurm-smoke.sh).
#   .ci/slurm-cluster.sh up     install (apt) and start munged, slurmctld and slurmd
#   .ci/slurm-cluster.sh down   stop them
# No systemd: the daemons are started directly, as root. State and logs live in $SLURM_DIR (default
# /tmp/pueval-slurm); slurm.conf goes where Debian's SLURM looks for it, /etc/slurm/slurm.conf (job steps
# inside a batch job read it there), unless a slurm.conf of another cluster is there already (exit 1).
# Exit 3 (and a message) when the packages cannot be installed here.
set -euo pipefail
SLURM_DIR=${SLURM_DIR:-/tmp/pueval-slurm}
NODE=$(hostname -s)
CPUS=$(nproc)
REAL_MEMORY=${REAL_MEMORY:-20000}  # MB; at least the largest mem_mb of profiles/slurm (cost: 16000)

install() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null \
        && command -v sbatch >/dev/null; then
        return
    fi
    if ! command -v apt-get >/dev/null || [ "$(id -u)" != 0 ]; then
        echo "slurm-cluster: apt-get as root is needed to install slurmctld, slurmd, slurm-client and munge" >&2
        exit 3
    fi
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client munge) \
        >"$SLURM_DIR/apt.log" 2>&1 || { echo "slurm-cluster: apt-get failed (see $SLURM_DIR/apt.log)" >&2; exit 3; }
}

CONF_FILE=/etc/slurm/slurm.conf

write_conf() {
    if [ -e "$CONF_FILE" ] && ! grep -qx "ClusterName=pueval" "$CONF_FILE"; then
        echo "slurm-cluster: $CONF_FILE belongs to another cluster; not touching it" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$CONF_FILE")"
    cat >"$CONF_FILE" <<CONF
ClusterName=pueval
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=300
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.log
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$REAL_MEMORY State=UNKNOWN
PartitionName=main Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
CONF
}

up() {
    mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool"
    install
    write_conf
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    [ -s /etc/munge/munge.key ] || mungekey --create --force 2>/dev/null || \
        dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
    chmod 0400 /etc/munge/munge.key
    pgrep -x munged >/dev/null || munged --force
    pgrep -x slurmctld >/dev/null || slurmctld
    pgrep -x slurmd >/dev/null || slurmd
    for _ in $(seq 60); do
        if sinfo -h -o %T 2>/dev/null | grep -qx idle; then
            echo "slurm-cluster: node $NODE idle ($CPUS CPUs, $REAL_MEMORY MB)"
            return
        fi
        sleep 1
    done
    echo "slurm-cluster: the node did not become idle; logs in $SLURM_DIR" >&2
    sinfo >&2 || true
    exit 1
}

down() {
    pkill -x slurmd || true
    pkill -x slurmctld || true
    pkill -x munged || true
    if [ -e "$CONF_FILE" ] && grep -qx "ClusterName=pueval" "$CONF_FILE"; then
        rm -f "$CONF_FILE"
    fi
}

case "${1:-}" in
    up) up ;;
    down) down ;;
    *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
