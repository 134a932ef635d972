// Package procenv finds the processes whose environment holds a marker
// variable. Tests that start kernels mark them with a random variable and
// check, through Find, that none outlives the test. It reads Linux's
// /proc; elsewhere Find finds nothing. It is imported only by tests.
//
// Find(kv) returns the pids of the processes other than this one whose
// /proc/PID/environ holds the entry kv ("NAME=value") exactly.
package procenv
