package nbparams

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestReadFileBOMAndLongLine: a --params file saved with a byte order
// mark reads as without one (issue 36: "\ufeffN is not declared"), and a
// line too long to read is an error naming the file and the line
// (it was a bare "bufio.Scanner: token too long").
func TestReadFileBOMAndLongLine(t *testing.T) {
	dir := t.TempDir()
	bom := filepath.Join(dir, "bom.params")
	os.WriteFile(bom, []byte("\ufeffN=3\n# c\n\nM = 2.5\n"), 0o644)
	got, err := ReadFile(bom)
	if err != nil || !reflect.DeepEqual(got, []string{"N=3", "M = 2.5"}) {
		t.Errorf("ReadFile(BOM) = %q, %v; want [N=3 M = 2.5]", got, err)
	}
	long := filepath.Join(dir, "long.params")
	os.WriteFile(long, []byte("N=3\nM=4\nX="+strings.Repeat("9", 200_000)+"\n"), 0o644)
	_, err = ReadFile(long)
	if err == nil || !strings.Contains(err.Error(), long+" line 3") {
		t.Errorf("ReadFile(200 kB line) = %v, want an error naming %s line 3", err, long)
	}
}
