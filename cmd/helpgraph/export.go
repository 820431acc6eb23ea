package main

import (
	"context"
	"fmt"

	"github.com/helpgraph/helpgraph/kgbuild"
)

func (m *Main) runExport(ctx context.Context, args []string) error {
	fs := m.flagSet("export")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	format := fs.String("format", "json", "output format (json)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "json" {
		return usageError{fmt.Errorf("export: unknown --format %q (want json)", *format)}
	}
	store, err := m.openReadStore(ctx, *storeSpec)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer store.Close()
	g, err := store.Load(ctx)
	if err != nil {
		return fmt.Errorf("export: loading graph: %w", err)
	}
	out, err := kgbuild.ExportJSON(g)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	_, err = m.Stdout.Write(out)
	return err
}
