package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// schema is the list of migrations; the database's user_version is the
// number of migrations applied. Append only.
var schema = []string{
	`CREATE TABLE pages (
		seq INTEGER PRIMARY KEY,
		url TEXT NOT NULL UNIQUE,
		title TEXT NOT NULL,
		text TEXT NOT NULL,
		content_hash TEXT NOT NULL,
		method TEXT NOT NULL,
		extractor TEXT NOT NULL,
		status TEXT NOT NULL,
		error TEXT NOT NULL
	);
	CREATE TABLE nodes (
		seq INTEGER PRIMARY KEY,
		id TEXT NOT NULL UNIQUE,
		page TEXT NOT NULL REFERENCES pages(url),
		problem TEXT NOT NULL,
		condition TEXT NOT NULL,
		resolution TEXT NOT NULL,
		actionable INTEGER NOT NULL,
		root INTEGER NOT NULL
	);
	CREATE INDEX nodes_page ON nodes(page);
	CREATE TABLE intents (
		id INTEGER PRIMARY KEY,
		node TEXT NOT NULL REFERENCES nodes(id),
		text TEXT NOT NULL
	);
	CREATE INDEX intents_node ON intents(node);
	CREATE TABLE edges (
		seq INTEGER PRIMARY KEY,
		src TEXT NOT NULL REFERENCES nodes(id),
		dst TEXT NOT NULL REFERENCES nodes(id),
		type TEXT NOT NULL CHECK (type IN ('child', 'reference'))
	);
	CREATE INDEX edges_src ON edges(src);
	CREATE INDEX edges_dst ON edges(dst);
	CREATE TABLE builds (
		generation INTEGER PRIMARY KEY,
		finished_at TEXT NOT NULL,
		report BLOB
	);
	-- External-content index: the intent text is stored once, in intents.
	CREATE VIRTUAL TABLE intents_fts USING fts5(
		text,
		content='intents',
		content_rowid='id',
		tokenize='porter unicode61 remove_diacritics 2'
	);`,
	// The builder's verdicts (graph.Verdict); NULL in rows written before
	// them, which Load returns as a nil Verdict.
	`ALTER TABLE nodes ADD COLUMN answers INTEGER;
	ALTER TABLE nodes ADD COLUMN hollow INTEGER;
	ALTER TABLE nodes ADD COLUMN shown TEXT;`,
	// The index searches the project's own stems (lexical.Terms, Snowball)
	// instead of SQLite's porter stemmer, so that the store and the agents
	// agree on which words meet; intents.terms holds them (see fillTerms).
	`DROP TABLE intents_fts;
	ALTER TABLE intents ADD COLUMN terms TEXT NOT NULL DEFAULT '';
	CREATE VIRTUAL TABLE intents_fts USING fts5(
		terms,
		content='intents',
		content_rowid='id',
		tokenize='unicode61 remove_diacritics 2'
	);`,
	// The page's language (graph.Page.Lang), '' when unknown.
	`ALTER TABLE pages ADD COLUMN lang TEXT NOT NULL DEFAULT '';`,
	// Intents' terms in their page's language's word model (see
	// restemByLanguage); the index lists the languages a search tells
	// apart.
	`CREATE INDEX pages_lang ON pages(lang);`,
	// Spanish stems take off the enclitic "te" ("registrarte" is
	// "registr", as "registro"): intents stemmed again (restemByLanguage).
	`SELECT 1;`,
	// The page's breadcrumb (graph.Page.Breadcrumb) as a JSON array, ''
	// for none: the pages of an older store have none until rebuilt.
	`ALTER TABLE pages ADD COLUMN breadcrumb TEXT NOT NULL DEFAULT '';`,
}

// withoutBreadcrumbs is the last schema version without the pages'
// breadcrumb column: OpenReadOnly reads a store of that version too, its
// pages without breadcrumbs, since nothing else read changed after it.
const withoutBreadcrumbs = 6

// encodeBreadcrumb is how the pages table holds a breadcrumb: a JSON array
// (a section's name may hold any separator), ” for none.
func encodeBreadcrumb(crumb []string) string {
	if len(crumb) == 0 {
		return ""
	}
	raw, _ := json.Marshal(crumb) // a []string always encodes
	return string(raw)
}

// decodeBreadcrumb reads what encodeBreadcrumb wrote.
func decodeBreadcrumb(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	var crumb []string
	if err := json.Unmarshal([]byte(s), &crumb); err != nil {
		return nil, fmt.Errorf("breadcrumb %q: %w", s, err)
	}
	return crumb, nil
}

// afterSchema are the steps in Go that follow a migration, by the version
// it migrates to.
var afterSchema = map[int]func(context.Context, *sql.Tx) error{
	3: fillTerms,
	5: restemByLanguage,
	6: restemByLanguage,
}

// fillTerms computes the stems of the intents already stored and indexes them.
func fillTerms(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, text FROM intents`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		text string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.text); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	if err := closeRows(rows); err != nil {
		return err
	}
	stems := stemCache{}
	for _, r := range all {
		if _, err := tx.ExecContext(ctx, `UPDATE intents SET terms = ? WHERE id = ?`, stems.terms(lexical.English, r.text), r.id); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO intents_fts(intents_fts) VALUES ('rebuild')`)
	return err
}

// stemCache stems each distinct word once: a graph's intents repeat few
// words many times. A cache serves one word model.
type stemCache map[string]string

// terms is what the full-text index holds for an intent in the language
// of words: its terms (words.Terms), separated by spaces.
func (c stemCache) terms(words *lexical.Model, text string) string {
	var b strings.Builder
	words.EachWord(text, nil, func(w []byte) {
		stem, ok := c[string(w)]
		if !ok {
			word := string(w)
			if words.IsTerm(word) {
				stem = words.Stem(word)
			}
			c[word] = stem
		}
		if stem != "" {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(stem)
		}
	})
	return b.String()
}

func (s *Store) migrate(ctx context.Context) error {
	var version int
	if err := s.write.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("reading schema version: %w", err)
	}
	if version > len(schema) {
		return fmt.Errorf("schema version %d is newer than this program knows (%d)", version, len(schema))
	}
	for v := version; v < len(schema); v++ {
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, schema[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if after := afterSchema[v+1]; after != nil {
			if err := after(ctx, tx); err != nil {
				tx.Rollback()
				return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
			}
		}
		// PRAGMA takes no bound parameters; v+1 is our own integer.
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		s.logger.Debug("migrated graph store schema", "path", s.path, "version", v+1)
	}
	return nil
}
