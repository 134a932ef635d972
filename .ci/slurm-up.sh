#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine for the sweep
# integration test (reports/sweep, TestSlurm*): munged, slurmctld and slurmd
# from Debian's packages, started directly (no systemd) and stopped by pid
# with .ci/slurm-down.sh. Prints the SLURM_CONF path on stdout, the only
# thing it prints there:
#
#	export SLURM_CONF=$(bash .ci/slurm-up.sh)
#
# Every Slurm client (sbatch, squeue, sacct, scancel, sinfo) needs that
# variable. State, logs and pid files live in $SIGPROP_SLURM_DIR (default
# /tmp/sigprop-slurm), wiped on every start for a clean controller.
#
# What matters in a container or VM without systemd (each line below that
# looks arbitrary is one of these):
#   - cgroup plugins fail: proctrack/linuxproc, task/none, jobacct_gather/none;
#   - munged runs as user munge, its key at mode 0400, /run/munge created;
#   - SlurmctldHost=localhost with NodeName=localhost NodeAddr=127.0.0.1
#     avoids hostname resolution trouble;
#   - SchedulerParameters=batch_sched_delay=0 avoids 3-second scheduling waves;
#   - a stale StateSaveLocation brings back old jobs: it is wiped.
# Needs root (apt-get, munge user, slurmd).
set -euo pipefail

dir=${SIGPROP_SLURM_DIR:-/tmp/sigprop-slurm}
log() { echo "slurm-up: $*" >&2; }

need=()
command -v slurmctld >/dev/null || need+=(slurmctld)
command -v slurmd >/dev/null || need+=(slurmd)
command -v sbatch >/dev/null || need+=(slurm-client)
command -v munged >/dev/null || need+=(munge)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${need[@]}" >&2
fi

# A previous cluster of ours: stop it first.
if [ -d "$dir" ]; then
  SIGPROP_SLURM_DIR=$dir bash "$(dirname "$0")/slurm-down.sh" >&2 || true
fi
rm -rf "$dir"
mkdir -p "$dir/ctld" "$dir/d"

# munge: key owned by munge, mode 0400; runtime directories.
key=/etc/munge/munge.key
if [ ! -s "$key" ]; then
  log "creating $key"
  mkdir -p /etc/munge
  if command -v mungekey >/dev/null; then mungekey --create --keyfile="$key" --force; else dd if=/dev/urandom of="$key" bs=1 count=1024 2>/dev/null; fi
fi
mkdir -p /run/munge /var/lib/munge /var/log/munge
chown munge:munge /etc/munge "$key" /run/munge /var/lib/munge /var/log/munge
chmod 0700 /etc/munge
chmod 0400 "$key"
chmod 0755 /run/munge
if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  log "munged already running"
else
  rm -f /run/munge/munge.socket.2 /run/munge/munged.pid
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
  cp /run/munge/munged.pid "$dir/munged.pid" # ours: slurm-down.sh stops it
  for _ in $(seq 50); do
    munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && break
    sleep 0.1
  done
  munge -n </dev/null | unmunge >/dev/null || { log "munged does not answer"; exit 1; }
fi

cpus=$(nproc)
conf=$dir/slurm.conf
cat >"$conf" <<EOF
ClusterName=sigprop
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
SlurmctldPort=${SIGPROP_SLURMCTLD_PORT:-6817}
SlurmdPort=${SIGPROP_SLURMD_PORT:-6818}
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=2
MinJobAge=60
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf

slurmctld -f "$conf"
slurmd -f "$conf"
for _ in $(seq 100); do
  state=$(sinfo -h -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
if [ "$state" != idle ]; then
  log "node not idle after 20 s (state '${state}'); logs in $dir"
  tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
  exit 1
fi
log "cluster up ($cpus CPUs, node idle); SLURM_CONF=$conf"
echo "$conf"
