package sde

import "golang.org/x/sys/cpu"

// hasLaneAsm reports whether the CPU runs dotRowLanes (AVX: four float64
// lanes per instruction; no fused multiply-add is used).
var hasLaneAsm = cpu.X86.HasAVX

// dotRowLanes is the assembly form of dotRow's loop (lanes_amd64.s).
//
//go:noescape
func dotRowLanes(dst, a, b *float64, sa, sb, n, cnt, db int)
