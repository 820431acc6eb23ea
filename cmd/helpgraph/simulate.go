package main

import (
	"context"
	"errors"
)

// TODO: implemented by the simulate work.
func (m *Main) runSimulate(ctx context.Context, args []string) error {
	return errors.New("simulate: not implemented yet")
}
