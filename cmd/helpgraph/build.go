package main

import (
	"context"
	"errors"
)

// TODO: implemented by the build work.
func (m *Main) runBuild(ctx context.Context, args []string) error {
	return errors.New("build: not implemented yet")
}
