package main

import (
	"context"
	"errors"
)

// TODO: implemented by the serve work.
func (m *Main) runServe(ctx context.Context, args []string) error {
	return errors.New("serve: not implemented yet")
}
