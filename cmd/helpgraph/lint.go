package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/helpgraph/helpgraph/kgbuild"
)

// errLintFailed is lint's verdict when findings reach --fail-on.
var errLintFailed = errors.New("findings at or above the --fail-on severity")

// lintJSON is `lint --format json`.
type lintJSON struct {
	Pages    int                         `json:"pages"`
	Nodes    int                         `json:"nodes"`
	Counts   map[kgbuild.FindingKind]int `json:"counts"`
	Findings []lintFinding               `json:"findings"`
}

type lintFinding struct {
	kgbuild.Finding
	Severity kgbuild.Severity `json:"severity"`
}

// runLint prints the graph's gaps, the summary first and then by kind, at
// most ten of each. It exits non-zero when a finding is at or above
// --fail-on.
func (m *Main) runLint(ctx context.Context, args []string) error {
	fs := m.flagSet("lint")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	format := fs.String("format", "text", "output format: text or json (every finding)")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: info, warning, error, or none")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("lint: unknown --format %q (want text or json)", *format)}
	}
	var threshold kgbuild.Severity
	if *failOn != "none" {
		s, err := kgbuild.ParseSeverity(*failOn)
		if err != nil {
			return usageError{fmt.Errorf("lint: --fail-on: %w", err)}
		}
		threshold = s
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
	failing := 0
	for _, f := range findings {
		counts[f.Kind]++
		if threshold > 0 && f.Kind.Severity() >= threshold {
			failing++
		}
	}

	if *format == "json" {
		out := lintJSON{Pages: len(g.Pages), Nodes: len(g.Nodes), Counts: counts, Findings: []lintFinding{}}
		for _, f := range findings {
			out.Findings = append(out.Findings, lintFinding{f, f.Kind.Severity()})
		}
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("lint: %w", err)
		}
	} else {
		kinds := make([]string, len(kgbuild.FindingKinds))
		for i, kind := range kgbuild.FindingKinds {
			kinds[i] = fmt.Sprintf("%d %s", counts[kind], kind)
		}
		fmt.Fprintf(m.Stdout, "%d findings: %s (%d pages, %d nodes)\n", len(findings), strings.Join(kinds, ", "), len(g.Pages), len(g.Nodes))
		for _, kind := range kgbuild.FindingKinds {
			if counts[kind] == 0 {
				continue
			}
			fmt.Fprintf(m.Stdout, "%s (%d, %s)\n", kind, counts[kind], kind.Severity())
			shown := 0
			for _, f := range findings {
				if f.Kind == kind && shown < kgbuild.ShownPerGroup {
					fmt.Fprintf(m.Stdout, "  %s\n", f)
					shown++
				}
			}
			if n := counts[kind] - shown; n > 0 {
				fmt.Fprintf(m.Stdout, "  and %d more like this (--format json lists them all)\n", n)
			}
		}
	}
	if failing > 0 {
		return fmt.Errorf("lint: %d %w (%s)", failing, errLintFailed, *failOn)
	}
	return nil
}
