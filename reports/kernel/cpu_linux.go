package kernel

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// userHZ is the unit of the times in /proc/PID/stat (USER_HZ, 100 on every
// architecture Linux and Go share).
const userHZ = 100

// treeCPU returns the user and system time of process pid and of its
// descendants it has waited for (utime+stime+cutime+cstime of
// /proc/PID/stat), and false when they cannot be read.
func treeCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	return parseStatCPU(b)
}

// parseStatCPU reads fields 14 to 17 (utime, stime, cutime, cstime) of a
// /proc/PID/stat line. The command name, field 2, is in parentheses and
// may hold spaces and parentheses itself, so fields are counted from the
// last ')'.
func parseStatCPU(b []byte) (time.Duration, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(b[i+1:]) // f[0] is field 3 (state)
	if len(f) < 15 {
		return 0, false
	}
	var ticks int64
	for _, s := range f[11:15] {
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, true
}
