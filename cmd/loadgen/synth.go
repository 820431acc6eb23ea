package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// runSynth writes the synthetic help center the build benchmarks use
// (graphtest.Synthetic: about ten nodes a page) into DIR, and beside the
// pages messages.txt, one customer message a line taken from the nodes'
// intents, for "loadgen run -messages".
func runSynth(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadgen synth", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nodes := fs.Int("nodes", 50_000, "nodes of the synthetic graph (pages: nodes/10)")
	out := fs.String("out", "", "folder to write the pages into (created)")
	seed := fs.Int64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("synth: -out DIR is required")
	}
	pages := filepath.Join(*out, "pages")
	if err := os.MkdirAll(pages, 0o755); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	paths, err := graphtest.WriteSyntheticPages(pages, *nodes, *seed)
	if err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	var msgs strings.Builder
	n := 0
	for _, node := range graphtest.Synthetic(*nodes, *seed).Nodes {
		// One intent a node: as many distinct messages as nodes, each asked
		// the way the page says it.
		if len(node.Intents) > 0 {
			msgs.WriteString(strings.ReplaceAll(node.Intents[0], "\n", " ") + "\n")
			n++
		}
	}
	messages := filepath.Join(*out, "messages.txt")
	if err := os.WriteFile(messages, []byte(msgs.String()), 0o644); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	fmt.Fprintf(stdout, "synth: %d pages in %s, %d messages in %s\n", len(paths), pages, n, messages)
	return nil
}
