//go:build unix

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock (flock) on path, creating the
// file if needed, and returns the file that holds it. SQLite's own locks
// are fcntl locks, which flock does not touch.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (another helpgraph serve? replicas share conversations in PostgreSQL: HELPGRAPH_CONVERSATIONS=postgres://…)", ErrInUse)
		}
		return nil, fmt.Errorf("locking: %w", err)
	}
	return f, nil
}
