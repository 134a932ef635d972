// Package filelock takes exclusive advisory locks on files, so that two
// sigprop processes that would read, merge and replace one thing (a site's
// manifest, a result-cache entry) do it one after the other.
//
// Lock(ctx, path, wait) creates path if needed and holds flock(2)
// LOCK_EX on it until the returned unlock is called; a lock held by
// another process (or by another Lock in this one: flock locks belong to
// the open file, not the process) makes it call wait once and poll until
// the lock is free or ctx ends. The kernel drops the lock when its holder
// dies, kill -9 included, so a killed run never leaves a lock held; unlock
// removes the file (a waiter that locked the removed file notices and
// locks the new one), so only a killed holder leaves an empty file, which
// the next Lock takes over.
//
// Outside unix systems Lock locks nothing and says so in its doc.
package filelock
