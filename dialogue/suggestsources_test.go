package dialogue

import (
	"slices"
	"testing"
)

// TestSuggestionsCiteTheirPages: topics offered on a miss cite the pages
// they are on (optionSources), so a chat can link them, as "Is it about
// this?" on a doubted node does.
func TestSuggestionsCiteTheirPages(t *testing.T) {
	g := archiveGraph()
	r := firstReply(t, g, "copies of my stuff")
	var offered int
	for _, o := range r.Options {
		if o.NodeID == "" {
			continue
		}
		offered++
		for _, n := range g.Nodes {
			if n.ID == o.NodeID && !slices.Contains(r.Sources, n.Page) {
				t.Errorf("option %q: its page %s is not among the sources %v", o.Label, n.Page, r.Sources)
			}
		}
	}
	if offered == 0 {
		t.Fatalf("no topic offered: %q", r.Text)
	}
}
