package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// multilingualGraph has the same article in English, German and Japanese.
func multilingualGraph() *graph.Graph {
	return &graph.Graph{
		Pages: []graph.Page{
			{URL: "en/block.md", Title: "Blocker", Lang: "en", Status: graph.PageOK},
			{URL: "de/block.md", Title: "Blocker", Lang: "de", Status: graph.PageOK},
			{URL: "ja/block.md", Title: "ブロッカー", Lang: "ja", Status: graph.PageOK},
		},
		Nodes: []graph.Node{
			{ID: "en1", Page: "en/block.md", Problem: "Disable", Intents: []string{"Where are the blocker settings?"}, Root: true},
			{ID: "de1", Page: "de/block.md", Problem: "Deaktivieren", Intents: []string{"Wo finde ich die Einstellungen des Werbeblockers?"}, Root: true},
			{ID: "ja1", Page: "ja/block.md", Problem: "無効化", Intents: []string{"広告ブロッカーを無効にする方法"}, Root: true},
		},
	}
}

// TestSearchInThePagesLanguage: intents are indexed in their page's
// language and a query is read in its own: "Einstellung" meets
// "Einstellungen" through the German stemmer (and "Blocker" misses the
// English "blocker"), and Japanese, which has no
// spaces, through character pairs.
func TestSearchInThePagesLanguage(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Replace(ctx, multilingualGraph(), nil); err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string]string{
		"where is the setting for the blocker":    "en1",
		"Wo ist die Einstellung für den Blocker?": "de1",
		"広告ブロッカーを無効にしたい":                          "ja1",
	} {
		hits, err := s.SearchIntents(ctx, query, 5)
		if err != nil || len(hits) == 0 || hits[0].NodeID != want {
			t.Errorf("SearchIntents(%q) = %+v, %v; want %s first", query, hits, err, want)
		}
	}
}

// TestMigrateIntentStems opens stores written by earlier versions of the
// schema, whose intents were stemmed otherwise or not at all: they are
// stemmed again on open, and found.
func TestMigrateIntentStems(t *testing.T) {
	for _, tc := range []struct {
		name    string
		version int // the schema the store was written with
		rows    []string
		query   string
		want    string
	}{
		{"before the index held stems", 1, []string{
			`INSERT INTO pages (url, title, text, content_hash, method, extractor, status, error) VALUES ('https://x.example/a', 'A', '', '', '', '', 'ok', '')`,
			`INSERT INTO nodes (id, page, problem, condition, resolution, actionable, root) VALUES ('n1', 'https://x.example/a', 'Approval', '', '', 0, 1)`,
			`INSERT INTO intents (node, text) VALUES ('n1', 'When is my claim approved?')`,
		}, "approval", "n1"},
		{"non-English intents stemmed as English", 4, []string{
			`INSERT INTO pages (url, title, lang, text, content_hash, method, extractor, status, error) VALUES ('de/a.md', 'A', 'de', '', '', '', '', 'ok', '')`,
			`INSERT INTO nodes (id, page, problem, condition, resolution, actionable, root) VALUES ('de1', 'de/a.md', 'Deaktivieren', '', '', 0, 1)`,
			`INSERT INTO intents (node, text, terms) VALUES ('de1', 'Wo finde ich die Einstellungen des Werbeblockers?', 'wo find ich die einstellungen des werbeblock')`,
		}, "Einstellung", "de1"},
		{"Spanish stemmed before the enclitic 'te' was taken off", 5, []string{
			`INSERT INTO pages (url, title, lang, text, content_hash, method, extractor, status, error) VALUES ('es/a.md', 'A', 'es', '', '', '', '', 'ok', '')`,
			`INSERT INTO nodes (id, page, problem, condition, resolution, actionable, root) VALUES ('es1', 'es/a.md', 'Cómo registrarte', '', '', 0, 1)`,
			`INSERT INTO intents (node, text, terms) VALUES ('es1', 'Cómo registrarte', 'registrart')`,
		}, "registro", "es1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "graph.db")
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			stmts := append(schema[:tc.version:tc.version], fmt.Sprintf("PRAGMA user_version = %d", tc.version))
			stmts = append(stmts, tc.rows...)
			for _, q := range append(stmts, `INSERT INTO intents_fts(intents_fts) VALUES ('rebuild')`) {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			db.Close()
			s, err := Open(ctx, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			hits, err := s.SearchIntents(ctx, tc.query, 5)
			if err != nil || len(hits) != 1 || hits[0].NodeID != tc.want {
				t.Errorf("SearchIntents(%q) after the migration = %+v, %v; want %s", tc.query, hits, err, tc.want)
			}
		})
	}
}
