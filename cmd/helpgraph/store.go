package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/neo4j"
	"github.com/helpgraph/helpgraph/graph/sqlite"
)

// neo4jSchemes are the URI schemes that select the Neo4j store.
var neo4jSchemes = []string{"neo4j://", "neo4j+s://", "neo4j+ssc://", "bolt://", "bolt+s://", "bolt+ssc://"}

// openStore opens the graph store named by spec for writing (build): a
// neo4j:// or bolt:// URI opens Neo4j with the configured credentials and
// database, anything else is a SQLite file path. An empty spec means the
// configured store (HELPGRAPH_STORE).
func (m *Main) openStore(ctx context.Context, spec string) (graph.Store, error) {
	return m.openStoreMode(ctx, spec, false)
}

// openReadStore opens the store for commands that only read it (chat,
// serve, export, lint, simulate, inquiries): on Neo4j it sends no schema or
// data writes, so a user with the reader role or a read replica will do; a
// SQLite file must exist (a mistyped path is an error, not a new empty
// store) and is opened read-only, so a store the process may not write
// still serves.
func (m *Main) openReadStore(ctx context.Context, spec string) (graph.Store, error) {
	return m.openStoreMode(ctx, spec, true)
}

func (m *Main) openStoreMode(ctx context.Context, spec string, readOnly bool) (graph.Store, error) {
	if spec == "" {
		spec = m.Config.Store
	}
	if spec == "" {
		return nil, fmt.Errorf("opening store: no store configured (set HELPGRAPH_STORE or pass a store)")
	}
	if isNeo4j(spec) {
		s, err := neo4j.OpenWith(ctx, spec, neo4j.Options{
			User: m.Config.Neo4jUser, Password: m.Config.Neo4jPassword, Database: m.Config.Neo4jDatabase,
			ReadOnly: readOnly, Logger: m.Logger,
		})
		if err != nil {
			return nil, oneLine(err) // names the (redacted) URI already
		}
		return s, nil
	}
	open := sqlite.Open
	if readOnly {
		open = sqlite.OpenReadOnly
	}
	s, err := open(ctx, spec, m.Logger)
	if err != nil {
		return nil, oneLine(err) // names the file already
	}
	return s, nil
}

func isNeo4j(spec string) bool {
	lower := strings.ToLower(spec)
	for _, scheme := range neo4jSchemes {
		if strings.HasPrefix(lower, scheme) {
			return true
		}
	}
	return false
}

// oneLine keeps an error on one line for the terminal (the Neo4j driver's
// errors can span several), keeping it wrapped for errors.Is.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.ContainsAny(msg, "\r\n") {
		return err
	}
	return &flatError{msg: strings.Join(strings.Fields(msg), " "), err: err}
}

type flatError struct {
	msg string
	err error
}

func (e *flatError) Error() string { return e.msg }
func (e *flatError) Unwrap() error { return e.err }
