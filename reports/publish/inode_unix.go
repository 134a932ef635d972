//go:build unix

package publish

import (
	"io/fs"
	"syscall"
)

// inode is fi's inode number (0 when unknown).
func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
