package publish

import "golang.org/x/sys/unix"

// exchange atomically exchanges the directories a and b (renameat2 with
// RENAME_EXCHANGE; an error where the file system does not support it).
func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
