// Package psd factorises symmetric positive semi-definite matrices that may
// be singular, as covariances of tokens are when two tokens coincide or
// the width is below the number of tokens: CholeskySemi writes V = R Rᵀ
// with R lower triangular, treating pivots below a relative tolerance as
// zero (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed.,
// §10.3, Cholesky with semi-definite pivots, without pivoting). Both the
// covariance SDE integrator (package sde) and the shaped network's reduced
// chain (package shapednet) draw Gaussian matrices through it.
package psd
