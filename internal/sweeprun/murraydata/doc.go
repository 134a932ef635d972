// Package murraydata precomputes the training runs of the Murray Fig. 2
// analogue (lib/shtanhtrain): every schedule of shtanhtrain.Schedules from
// every seed of shtanhtrain.Seeds, with shtanhtrain.Paper(), on the committed
// Fashion-MNIST subset. It writes runs.json (a list of shtanhtrain.Run) and
// provenance.json by `sigprop sweep generate murray-fig2 DIR`;
// murraydata_test.go retrains the first steps of the first seed of each
// schedule and compares them with the stored records bit for bit.
//
// Source: M. Murray, V. Abrol, J. Tanner, "Activation Function Design for
// Deep Networks: Linearity and Effective Initialisation" (2021),
// arXiv:2105.07741, Fig. 2 as the Tanner lecture shows it; the network,
// the schedules of a and their edge-of-chaos initialisation are
// lib/shtanhtrain's, this package only trains them.
//
//	Job, Plan      one run: a shtanhtrain.Schedule and a seed; every schedule from every seed
//	Len, Compute   the plan and its training (shtanhtrain.Train), the generator murray-fig2
package murraydata
