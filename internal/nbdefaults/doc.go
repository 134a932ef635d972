// Package nbdefaults is a test helper for the generators of stored data
// (internal/sweeprun/...data): Equal checks that a generator's constants
// are the defaults of its notebook's parameters cell, so that the cell
// reads the store at them (a changed default would run live, slowly but
// correctly; the generator's test says so first).
package nbdefaults
