package dense

// kernGo is the portable micro-kernel, the same contract as kern6x8
// (gemm_amd64.s) without fused multiply-add:
//
//	C = α S + β C  (load),   C = α S  (!load),   S = Σ_{p<k} A[:,p] B[p,:],
//
// with A(i, p) at a[i·rsa + p·csa], B(p, 0:8) at b[p·ldb:] and the sum
// over p in sequential order. One row of the tile at a time keeps its
// eight sums in registers.
func kernGo(k int, a []float64, rsa, csa int, b []float64, ldb int, c []float64, ldc int, alpha, beta float64, load bool) {
	for i := range mr {
		var s0, s1, s2, s3, s4, s5, s6, s7 float64
		ai := a[i*rsa:]
		for p := range k {
			x := ai[p*csa]
			q := b[p*ldb : p*ldb+nr : p*ldb+nr]
			s0 += x * q[0]
			s1 += x * q[1]
			s2 += x * q[2]
			s3 += x * q[3]
			s4 += x * q[4]
			s5 += x * q[5]
			s6 += x * q[6]
			s7 += x * q[7]
		}
		row := c[i*ldc : i*ldc+nr : i*ldc+nr]
		if load {
			row[0] = alpha*s0 + beta*row[0]
			row[1] = alpha*s1 + beta*row[1]
			row[2] = alpha*s2 + beta*row[2]
			row[3] = alpha*s3 + beta*row[3]
			row[4] = alpha*s4 + beta*row[4]
			row[5] = alpha*s5 + beta*row[5]
			row[6] = alpha*s6 + beta*row[6]
			row[7] = alpha*s7 + beta*row[7]
		} else {
			row[0], row[1], row[2], row[3] = alpha*s0, alpha*s1, alpha*s2, alpha*s3
			row[4], row[5], row[6], row[7] = alpha*s4, alpha*s5, alpha*s6, alpha*s7
		}
	}
}
