package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/helpgraph/helpgraph/dialogue"
)

// synonymsFlag adds --synonyms to fs: a help center's own synonyms file
// (see dialogue.ParseSynonyms), HELPGRAPH_SYNONYMS by default.
func synonymsFlag(fs *flag.FlagSet) *string {
	return fs.String("synonyms", os.Getenv("HELPGRAPH_SYNONYMS"), "the help center's synonyms file (one comma-separated group a line; env HELPGRAPH_SYNONYMS)")
}

// readSynonyms reads the synonyms file at path; "" reads none.
func readSynonyms(path string) ([][]string, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading synonyms: %w", err)
	}
	groups, err := dialogue.ParseSynonyms(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return groups, nil
}
