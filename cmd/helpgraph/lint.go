package main

import (
	"context"
	"fmt"

	"github.com/helpgraph/helpgraph/kgbuild"
)

// runLint prints the graph's gaps grouped by kind. It exits 0 whatever it
// finds: lint informs, it does not gate.
func (m *Main) runLint(ctx context.Context, args []string) error {
	fs := m.flagSet("lint")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	store, err := m.openReadStore(ctx, *storeSpec)
	if err != nil {
		return fmt.Errorf("lint: %w", err)
	}
	defer store.Close()
	g, err := store.Load(ctx)
	if err != nil {
		return fmt.Errorf("lint: loading graph: %w", err)
	}
	findings := kgbuild.Lint(g)
	counts := make(map[kgbuild.FindingKind]int)
	for _, f := range findings {
		counts[f.Kind]++
	}
	for _, kind := range kgbuild.FindingKinds {
		if counts[kind] == 0 {
			continue
		}
		fmt.Fprintf(m.Stdout, "%s (%d)\n", kind, counts[kind])
		for _, f := range findings {
			if f.Kind == kind {
				fmt.Fprintf(m.Stdout, "  %s\n", f)
			}
		}
	}
	fmt.Fprintf(m.Stdout, "%d findings: %d dead-end, %d dangling-reference, %d intent-collision, %d single-node-page (%d pages, %d nodes)\n",
		len(findings), counts[kgbuild.DeadEnd], counts[kgbuild.DanglingReference], counts[kgbuild.IntentCollision],
		counts[kgbuild.SingleNodePage], len(g.Pages), len(g.Nodes))
	return nil
}
