package main

import (
	"context"
	"errors"
)

// TODO: implemented by the inquiries work.
func (m *Main) runInquiries(ctx context.Context, args []string) error {
	return errors.New("inquiries: not implemented yet")
}
