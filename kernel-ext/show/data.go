package show

import (
	"cmp"
	"io/fs"
	"os"
	"path/filepath"
)

// DataFS is the committed data directory notebooks/data/<name> of the
// repository, for a notebook to read with fs.ReadFile or a lib reader:
// under $SIGPROP_ROOT (the repository root; the report generator and the
// kernel spec set it) or else under "..", the parent of the notebooks
// directory where Jupyter starts a notebook's kernel. A notebook that reads
// it declares the path in its metadata so that a change re-executes it.
func DataFS(name string) fs.FS {
	return os.DirFS(filepath.Join(cmp.Or(os.Getenv("SIGPROP_ROOT"), ".."), "notebooks", "data", name))
}
