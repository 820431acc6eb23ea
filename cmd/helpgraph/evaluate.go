package main

import (
	"context"
	"errors"
)

// TODO: implemented by the evaluate work.
func (m *Main) runEvaluate(ctx context.Context, args []string) error {
	return errors.New("evaluate: not implemented yet")
}
