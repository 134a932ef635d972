package procenv

import (
	"os"
	"strconv"
	"strings"
)

// Find lists the processes other than this one whose environment holds
// kv ("NAME=value") as one of its entries. A process that has only just
// been started (its exec under way) can be missed: its environment may not
// be readable yet.
func Find(kv string) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err == nil && strings.Contains("\x00"+string(env), "\x00"+kv+"\x00") {
			pids = append(pids, pid)
		}
	}
	return pids
}
