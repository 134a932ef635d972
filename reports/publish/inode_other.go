//go:build !unix

package publish

import "io/fs"

// inode is fi's inode number: unknown here (0); the other fields of a
// site's listing still change when it is rebuilt.
func inode(fs.FileInfo) uint64 { return 0 }
