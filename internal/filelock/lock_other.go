//go:build !unix

package filelock

import "context"

// Lock locks nothing outside unix systems: it returns at once (concurrent
// runs there are not serialised).
func Lock(ctx context.Context, path string, wait func()) (unlock func(), err error) {
	return func() {}, ctx.Err()
}
