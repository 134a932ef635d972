package atomicfile

import (
	"os"
	"path/filepath"
)

// Mode is the permission of the files Write makes: readable by all, as
// os.WriteFile's 0666 under the usual umask 022.
const Mode = 0o644

// Write writes b to path through a temporary file in the same directory
// and a rename. The rename is atomic on POSIX file systems, NFS included,
// as long as both names are in one directory. On error the temporary file
// is removed and path is unchanged.
func Write(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	// CreateTemp makes the file 0600; the file it replaces is shared (a
	// sweep directory other users and the cluster's tasks read).
	if err := os.Chmod(tmp.Name(), Mode); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
