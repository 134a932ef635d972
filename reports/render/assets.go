package render

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sigprop/sigprop/reports/assets"
)

// AssetsDir is the directory, relative to the site root, that WriteAssets
// fills and the default WithAssetBase points to.
const AssetsDir = "assets"

// WriteAssets writes the embedded style sheets, scripts and KaTeX fonts that
// the pages link to into dir/assets (dir is the site root), creating
// directories as needed. Existing files are overwritten.
func WriteAssets(dir string) error {
	root := filepath.Join(dir, AssetsDir)
	return fs.WalkDir(assets.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == "." {
			return nil
		}
		dst := filepath.Join(root, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if filepath.Ext(path) == ".go" {
			return nil
		}
		data, err := assets.FS.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}
