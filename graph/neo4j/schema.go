package neo4j

import (
	"context"
	"fmt"
	"slices"

	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

func (s *Store) createSchema(ctx context.Context) error {
	session := s.session(ctx, drv.AccessModeWrite)
	defer session.Close(ctx)
	// Schema statements run one per auto-commit transaction: Neo4j refuses
	// schema and data changes in the same transaction.
	for _, q := range []cypher{createPageConstraint, createNodeConstraint, createBuildConstraint,
		createPageGeneration, createNodeGeneration, createIntentIndex, awaitIndexes, createBuild} {
		if err := execAutoCommit(ctx, session, q); err != nil {
			return fmt.Errorf("creating schema: %w", err)
		}
	}
	return nil
}

// wantIndex is how one of the store's indexes must be defined.
type wantIndex struct {
	typ      string
	label    string
	props    []string
	analyzer string // full-text indexes only
}

var wantIndexes = map[string]wantIndex{
	"helpgraph_page_key":        {typ: "RANGE", label: "HelpgraphPage", props: []string{"generation", "url"}},
	"helpgraph_node_key":        {typ: "RANGE", label: "HelpgraphNode", props: []string{"generation", "id"}},
	"helpgraph_build_key":       {typ: "RANGE", label: "HelpgraphBuild", props: []string{"key"}},
	"helpgraph_page_generation": {typ: "RANGE", label: "HelpgraphPage", props: []string{"generation"}},
	"helpgraph_node_generation": {typ: "RANGE", label: "HelpgraphNode", props: []string{"generation"}},
	"helpgraph_node_intents":    {typ: "FULLTEXT", label: "HelpgraphNode", props: []string{"intent_text"}, analyzer: "english"},
}

// checkSchema lists the store's indexes (constraints show as their backing
// indexes) and describes each missing one or one defined differently.
func (s *Store) checkSchema(ctx context.Context) ([]string, error) {
	session := s.session(ctx, drv.AccessModeRead)
	defer session.Close(context.Background())
	found := map[string]indexInfo{}
	_, err := drv.ExecuteRead(ctx, session, func(tx drv.ManagedTransaction) (struct{}, error) {
		return struct{}{}, each(ctx, tx, showIndexes, nil, func(rec *drv.Record) error {
			info, err := indexFrom(rec)
			found[info.name] = info
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return schemaProblems(found), nil
}

// indexInfo is one row of SHOW INDEXES.
type indexInfo struct {
	name, typ string
	labels    []string
	props     []string
	analyzer  string
}

func indexFrom(rec *drv.Record) (indexInfo, error) {
	var ix indexInfo
	if err := getStrings(rec, map[string]*string{"name": &ix.name, "type": &ix.typ}); err != nil {
		return ix, err
	}
	var err error
	if ix.labels, err = stringList(rec, "labelsOrTypes"); err != nil {
		return ix, err
	}
	if ix.props, err = stringList(rec, "properties"); err != nil {
		return ix, err
	}
	opts, _, err := drv.GetRecordValue[map[string]any](rec, "options")
	if err != nil {
		return ix, fmt.Errorf("field options: %w", err)
	}
	if cfg, ok := opts["indexConfig"].(map[string]any); ok {
		ix.analyzer, _ = cfg["fulltext.analyzer"].(string)
	}
	return ix, nil
}

// schemaProblems compares found with wantIndexes.
func schemaProblems(found map[string]indexInfo) []string {
	var problems []string
	names := make([]string, 0, len(wantIndexes))
	for n := range wantIndexes {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		want := wantIndexes[name]
		got, ok := found[name]
		if !ok {
			problems = append(problems, fmt.Sprintf("index %s is missing (open the store once with a user allowed to create it)", name))
			continue
		}
		if got.typ != want.typ || !slices.Equal(got.labels, []string{want.label}) || !slices.Equal(got.props, want.props) ||
			(want.analyzer != "" && got.analyzer != want.analyzer) {
			problems = append(problems, fmt.Sprintf(
				"index %s exists with another definition (%s on %v%v, analyzer %q; want %s on [%s]%v, analyzer %q): drop it (DROP INDEX %s, or DROP CONSTRAINT %s) and open the store again",
				name, got.typ, got.labels, got.props, got.analyzer, want.typ, want.label, want.props, want.analyzer, name, name))
		}
	}
	return problems
}
