#!/usr/bin/env bash
# Stops the single-node Slurm cluster of .ci/slurm-up.sh by the pids it
# recorded in $SIGPROP_SLURM_DIR (default /tmp/sigprop-slurm): slurmd,
# slurmctld, and munged if slurm-up.sh started it. Daemons it did not
# start are left alone.
set -uo pipefail

dir=${SIGPROP_SLURM_DIR:-/tmp/sigprop-slurm}
stop() { # name pidfile
  [ -s "$2" ] || return 0
  local pid
  pid=$(cat "$2")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    echo "slurm-down: stopped $1 ($pid)" >&2
  fi
  rm -f "$2"
}
stop slurmd "$dir/slurmd.pid"
stop slurmctld "$dir/slurmctld.pid"
stop munged "$dir/munged.pid"
exit 0
