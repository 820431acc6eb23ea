//go:build !cgo

package kuzu

import (
	"context"
	"errors"

	"github.com/helpgraph/helpgraph/ask"
)

// Available says whether this build has the engine.
const Available = false

// ErrNoCgo is returned by Open in a build without cgo: the Kùzu engine is a
// native library. Everything else in Helpgraph works without it.
var ErrNoCgo = errors.New("the embedded query engine (Kùzu) needs a build with cgo: install gcc and build with CGO_ENABLED=1")

// DB is the engine's type; in a build without cgo none can be opened.
type DB struct{}

// Open fails: see ErrNoCgo.
func Open(ctx context.Context, snap *ask.Snapshot) (*DB, error) { return nil, ErrNoCgo }

// Query fails: see ErrNoCgo.
func (d *DB) Query(ctx context.Context, cypher string, limits ask.Limits) (ask.Result, error) {
	return ask.Result{}, ErrNoCgo
}

// Close does nothing.
func (d *DB) Close() error { return nil }
