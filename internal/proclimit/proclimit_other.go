//go:build !linux

// Package proclimit caps what a child process started to run text or
// pages from outside may take of the machine. Elsewhere than Linux it
// sets nothing: the children's time limits still apply.
package proclimit

import "errors"

func NoCoreDumps() {}

func Memory(grow int64) error { return nil }

func Status(pid int, field string) (int64, error) {
	return 0, errors.New("no /proc on this system")
}
