package main

import (
	"context"
	"errors"
)

// TODO: implemented by the lint work.
func (m *Main) runLint(ctx context.Context, args []string) error {
	return errors.New("lint: not implemented yet")
}
