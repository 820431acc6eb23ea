package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
)

// gapJSON is one group of `gaps --format json`.
type gapJSON struct {
	NodeID    string                       `json:"node_id"`
	Problem   string                       `json:"problem,omitempty"`
	Page      string                       `json:"page,omitempty"`
	PageTitle string                       `json:"page_title,omitempty"`
	Total     int                          `json:"total"`
	Counts    map[conversation.GapKind]int `json:"counts"`
	Examples  []string                     `json:"examples"`
}

// runGaps lists what the help center is missing, from the web chat's real
// conversations: questions that escalated, were rated not helpful, or had
// to be rephrased, grouped by the nearest node, largest group first.
func (m *Main) runGaps(ctx context.Context, args []string) error {
	fs := m.flagSet("gaps")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI, for node and page names (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	convDB := fs.String("conversations", m.Config.ConversationsDB, conversationsUsage)
	days := fs.Int("days", 30, "look at conversations of the last N days")
	format := fs.String("format", "text", "output format: text or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("gaps: unknown --format %q (want text or json)", *format)}
	}
	if *days < 1 {
		return usageError{fmt.Errorf("gaps: --days %d: want at least 1", *days)}
	}
	convs, err := m.openConversations(ctx, *convDB, true)
	if err != nil {
		return fmt.Errorf("gaps: %w", err)
	}
	defer convs.Close()
	events, err := convs.GapEvents(ctx, time.Now().AddDate(0, 0, -*days))
	if err != nil {
		return fmt.Errorf("gaps: %w", err)
	}

	// Names come from the graph; without one, node ids still group.
	ix := graph.NewIndex(&graph.Graph{})
	if store, err := m.openReadStore(ctx, *storeSpec); err != nil {
		m.Logger.Warn("gaps: no graph for node names", "err", err)
	} else {
		defer store.Close()
		if g, err := store.Load(ctx); err != nil {
			m.Logger.Warn("gaps: no graph for node names", "err", err)
		} else {
			ix = graph.NewIndex(g)
		}
	}
	pageOf := func(id string) string {
		if n := ix.Node(id); n != nil {
			return n.Page
		}
		return ""
	}
	var out []gapJSON
	totals := map[conversation.GapKind]int{}
	for _, g := range conversation.GroupGaps(events, pageOf) {
		j := gapJSON{NodeID: g.NodeID, Page: g.Page, Total: g.Total, Counts: g.Counts, Examples: g.Examples}
		if n := ix.Node(g.NodeID); n != nil {
			j.Problem = n.Problem
		}
		if p := ix.Page(g.Page); p != nil {
			j.PageTitle = p.Title
		}
		for k, n := range g.Counts {
			totals[k] += n
		}
		out = append(out, j)
	}
	if *format == "json" {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"days": *days, "questions": len(events), "groups": nonNilSlice(out)})
	}
	w := m.Stdout
	fmt.Fprintf(w, "Gaps in the last %d days: %d questions in %d groups (escalated %d, not helpful %d, rephrase %d)\n",
		*days, len(events), len(out), totals[conversation.GapEscalated], totals[conversation.GapUnhelpful], totals[conversation.GapRephrase])
	for _, g := range out {
		fmt.Fprintln(w)
		switch {
		case g.NodeID == "":
			fmt.Fprintf(w, "%4d  No page: matched nothing in the help center\n", g.Total)
		case g.Problem == "":
			fmt.Fprintf(w, "%4d  node %s (not in the current graph)\n", g.Total, g.NodeID)
		default:
			fmt.Fprintf(w, "%4d  %s\n      page: %s %s\n", g.Total, g.Problem, g.PageTitle, g.Page)
		}
		fmt.Fprintf(w, "      escalated %d · not helpful %d · rephrase %d\n",
			g.Counts[conversation.GapEscalated], g.Counts[conversation.GapUnhelpful], g.Counts[conversation.GapRephrase])
		for _, e := range g.Examples {
			fmt.Fprintf(w, "      %q\n", e)
		}
	}
	return nil
}

func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
