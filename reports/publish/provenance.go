package publish

import (
	"context"
	"os/exec"
	"runtime"
	"strings"
)

// CurrentProvenance describes a report generated now from the checkout at
// root. Outside a git repository Commit is empty.
func CurrentProvenance(ctx context.Context, root string) Provenance {
	p := Provenance{GoVersion: runtime.Version(), SigpropVersion: Version}
	head := exec.CommandContext(ctx, "git", "rev-parse", "HEAD")
	head.Dir = root
	if out, err := head.Output(); err == nil {
		p.Commit = strings.TrimSpace(string(out))
		st := exec.CommandContext(ctx, "git", "status", "--porcelain", "--untracked-files=no")
		st.Dir = root
		if out, err := st.Output(); err == nil {
			p.Dirty = len(strings.TrimSpace(string(out))) > 0
		}
	}
	return p
}
