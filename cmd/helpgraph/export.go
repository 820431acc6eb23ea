package main

import (
	"context"
	"errors"
)

// TODO: implemented by the export work.
func (m *Main) runExport(ctx context.Context, args []string) error {
	return errors.New("export: not implemented yet")
}
