//go:build !cgo

package kuzu

import (
	"context"
	"fmt"
	"os"

	"github.com/helpgraph/helpgraph/ask"
)

// Available says whether this build has the engine.
const Available = false

// DB is the engine's type; in a build without cgo none can be opened.
type DB struct{}

// Open fails: see ErrNoCgo.
func Open(ctx context.Context, snap *ask.Snapshot) (*DB, error) { return nil, ErrNoCgo }

// Query fails: see ErrNoCgo.
func (d *DB) Query(ctx context.Context, cypher string, limits ask.Limits) (ask.Result, error) {
	return ask.Result{}, ErrNoCgo
}

// UpdateHandoffs fails: see ErrNoCgo.
func (d *DB) UpdateHandoffs(ctx context.Context, hs []ask.Handoff) error { return ErrNoCgo }

// ChildMain fails: see ErrNoCgo.
func ChildMain() int {
	fmt.Fprintln(os.Stderr, "helpgraph query engine:", ErrNoCgo)
	return 1
}

// Close does nothing.
func (d *DB) Close() error { return nil }
