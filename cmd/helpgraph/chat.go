package main

import (
	"context"
	"errors"
)

// TODO: implemented by the chat work.
func (m *Main) runChat(ctx context.Context, args []string) error {
	return errors.New("chat: not implemented yet")
}
