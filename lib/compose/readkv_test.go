package compose

import (
	"strings"
	"testing"
)

// TestReadKVBOMAndLongLine: a block file with a byte order mark reads as
// without one, and a line too long to read is an error naming its line
// (issue 36: "bufio.Scanner: token too long", no line).
func TestReadKVBOMAndLongLine(t *testing.T) {
	kv, err := ReadKV(strings.NewReader("\ufeffn = 8\nd = 32\n"))
	if err != nil || kv["n"] != "8" || kv["d"] != "32" || len(kv) != 2 {
		t.Errorf("ReadKV(BOM) = %v, %v; want n=8 d=32", kv, err)
	}
	_, err = ReadKV(strings.NewReader("n = 8\n# x\nd = " + strings.Repeat("1", 200_000) + "\n"))
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("ReadKV(200 kB line) = %v, want an error naming line 3", err)
	}
}
