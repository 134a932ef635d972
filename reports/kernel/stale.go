package kernel

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sigprop/sigprop/internal/tempdir"
)

// markerFile, in a kernel's private TMPDIR, holds the kernel's marker (the
// value of MarkerEnv that gonb and every process it starts inherit).
const markerFile = ".marker"

// writeMarker records marker in the kernel's TMPDIR dir.
func writeMarker(dir, marker string) error {
	return os.WriteFile(filepath.Join(dir, markerFile), []byte(marker+"\n"), 0o600)
}

// RemoveStale ends what kernels of killed processes left and removes
// their TMPDIRs. A kernel whose client (a report, `sigprop kernel run`)
// was killed with SIGKILL loses gonb to Pdeathsig, but the cell's compiled
// program, go build or gopls may live on under pid 1. For each private
// TMPDIR whose recorded owner (pid and start time, package tempdir) is
// gone, the processes carrying the marker recorded beside it in their
// environment are killed (by that recorded marker, never by name); then
// the directories are removed as by tempdir.RemoveStale. It returns the
// directories removed and the processes killed.
func RemoveStale() (removed []string, killed []int) {
	matches, _ := filepath.Glob(filepath.Join(os.TempDir(), TempPrefix+"*"))
	for _, dir := range matches {
		owner, err := os.ReadFile(filepath.Join(dir, ".owner"))
		if err != nil {
			continue
		}
		if gone, ok := tempdir.OwnerGone(owner); !ok || !gone {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, markerFile))
		marker := strings.TrimSpace(string(b))
		if err != nil || len(marker) < 16 {
			continue // no marker recorded (an older sigprop): nothing to match
		}
		pids := MarkedProcesses(marker)
		killPids(pids)
		killed = append(killed, pids...)
	}
	return tempdir.RemoveStale(TempPrefix), killed
}
