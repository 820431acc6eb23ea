//go:build !unix

package sqlite

import "os"

// lockFile does nothing where flock is missing: one writer per file is
// then up to the operator.
func lockFile(path string) (*os.File, error) { return nil, nil }
