// Package randmat draws the random matrices that sigprop's simulators
// share, each from an explicit *rand.Rand and in a documented draw order
// (so that a simulator keeps its bits when it moves onto this package):
//
//	W_ij = σ z_ij, z_ij ~ N(0, 1), in row-major order     Normal, Gaussian
//	O = Q diag(sign R_ii), Z = QR, Z_ij ~ N(0, 1)          Haar, HaarInto (Mezzadri 2007, §5)
//	U = the first m columns of Q, G = QR, G n×m Gaussian    Frame (orthonormal columns)
//
// Haar follows Mezzadri, "How to generate random matrices from the
// classical compact groups", arXiv:math-ph/0609050 (2007): without the sign
// fix the Q factor is not Haar distributed, which its test shows. Frame
// has no sign fix: it gives n×m matrices with orthonormal columns in
// generic directions, which is all its users (shapednet's inputs) need.
//
// Users: randmlp (Gaussian and orthogonal MLP weights), attnspec (W_V of the
// rank-collapse scan), shapednet (the input frame and its weights). Caller
// bugs panic with a "randmat:" message.
package randmat
