//go:build !amd64

package empirical

var normalsAsm = false // a variable as on amd64, for the tests

func normalsBlocks512(x *float64, u *uint64, ok *uint8, blocks int, scale float64, p *PCG, c *normalsConsts) {
	panic("empirical: normalsBlocks512 is amd64-only")
}
