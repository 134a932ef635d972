package tempdir

import (
	"os"
	"strconv"
	"strings"
)

// startTime returns the start time of process pid in clock ticks since
// boot (field 22 of /proc/PID/stat) and whether the process exists.
func startTime(pid int) (uint64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, true
	}
	f := strings.Fields(s[i+1:]) // fields 3, 4, ...
	if len(f) < 20 {
		return 0, true
	}
	t, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil {
		return 0, true
	}
	return t, true
}
