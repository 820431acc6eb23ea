package neo4j

import (
	"context"
	"errors"
	"fmt"
	"time"

	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"
)

// QueryResult is what ReadQuery returns: column names and rows of plain Go
// values (nodes and relationships as property maps with "_label"/"_type").
type QueryResult struct {
	Columns   []string
	Rows      [][]any
	Truncated bool // more rows than maxRows
}

// ReadQuery runs one statement written outside this package (by a person or
// an LLM, for "helpgraph ask") in a read transaction (AccessModeRead) on the
// store's database (Options.Database), keeping at most maxRows rows, with the
// server interrupting it after timeout. It is the one place where text not
// written here is sent as a statement: the read-only session makes the
// server refuse any write, so the account behind it needs only read rights.
// Callers also check statements first (ask.Guard) to give a clear refusal.
//
// The statement sees every generation stored, not only the live one: while
// a Replace writes (and until it has deleted the replaced graph) a second
// generation is there too. Rewriting arbitrary Cypher to filter it out would
// be guesswork, so the schema states it and queries that must be exact
// match (:HelpgraphBuild {key: 'current'}) and compare generations.
func (s *Store) ReadQuery(ctx context.Context, statement string, maxRows int, timeout time.Duration) (QueryResult, error) {
	session := s.session(ctx, drv.AccessModeRead)
	defer session.Close(context.Background())
	var configurers []func(*drv.TransactionConfig)
	if timeout > 0 {
		configurers = append(configurers, drv.WithTxTimeout(timeout))
	}
	out, err := session.ExecuteRead(ctx, func(tx drv.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, statement, nil)
		if err != nil {
			return nil, err
		}
		keys, err := res.Keys()
		if err != nil {
			return nil, err
		}
		qr := QueryResult{Columns: keys, Rows: [][]any{}}
		for res.Next(ctx) {
			if maxRows > 0 && len(qr.Rows) >= maxRows {
				qr.Truncated = true
				break
			}
			rec := res.Record()
			row := make([]any, len(rec.Values))
			for i, v := range rec.Values {
				row[i] = plainValue(v)
			}
			qr.Rows = append(qr.Rows, row)
		}
		if err := res.Err(); err != nil {
			return nil, err
		}
		_, err = res.Consume(ctx)
		return qr, err
	}, configurers...)
	if err != nil {
		var nerr *drv.Neo4jError
		if errors.As(err, &nerr) {
			return QueryResult{}, fmt.Errorf("%s: %s", nerr.Code, nerr.Msg)
		}
		return QueryResult{}, err
	}
	return out.(QueryResult), nil
}

// plainValue turns the driver's values into plain ones.
func plainValue(v any) any {
	switch v := v.(type) {
	case dbtype.Node:
		m := plainMap(v.Props)
		if len(v.Labels) > 0 {
			m["_label"] = v.Labels[0]
		}
		return m
	case dbtype.Relationship:
		m := plainMap(v.Props)
		m["_type"] = v.Type
		return m
	case dbtype.Path:
		nodes := make([]any, len(v.Nodes))
		for i, n := range v.Nodes {
			nodes[i] = plainValue(n)
		}
		rels := make([]any, len(v.Relationships))
		for i, r := range v.Relationships {
			rels[i] = plainValue(r)
		}
		return map[string]any{"nodes": nodes, "relationships": rels}
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plainValue(x)
		}
		return out
	case map[string]any:
		return plainMap(v)
	case time.Time:
		return v.UTC().Format(time.RFC3339)
	case dbtype.Date, dbtype.LocalDateTime, dbtype.LocalTime, dbtype.Time, dbtype.Duration:
		return fmt.Sprint(v)
	default:
		return v
	}
}

func plainMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = plainValue(v)
	}
	return out
}
