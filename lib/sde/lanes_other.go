//go:build !amd64

package sde

const hasLaneAsm = false

func dotRowLanes(dst, a, b *float64, sa, sb, n, cnt, db int) {
	panic("sde: dotRowLanes is amd64-only")
}
