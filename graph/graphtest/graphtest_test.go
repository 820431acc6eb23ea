package graphtest

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestMemory checks the suite against the reference store, so a failure in
// a backend points at the backend, not the suite.
func TestMemory(t *testing.T) {
	TestStore(t, func(t *testing.T) graph.Store { return NewMemory() })
}

func TestFixtureValid(t *testing.T) {
	for name, g := range map[string]*graph.Graph{"Fixture": Fixture(), "fixture2": fixture2()} {
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSynthetic(t *testing.T) {
	for _, size := range []int{0, 1, 9, 10, 11, 1234} {
		g := Synthetic(size, 42)
		if len(g.Nodes) != size {
			t.Errorf("Synthetic(%d): %d nodes", size, len(g.Nodes))
		}
		if err := g.Validate(); err != nil {
			t.Errorf("Synthetic(%d): %v", size, err)
		}
		if want := (size + 9) / 10; len(g.Pages) != want {
			t.Errorf("Synthetic(%d): %d pages, want %d", size, len(g.Pages), want)
		}
		ix := graph.NewIndex(g)
		refs := 0
		for _, e := range g.Edges {
			if e.Type == graph.Reference {
				refs++
				if !ix.Node(e.To).Root || ix.Node(e.To).Page == ix.Node(e.From).Page {
					t.Errorf("Synthetic(%d): reference %s->%s is not to another page's root", size, e.From, e.To)
				}
			}
		}
		for _, n := range g.Nodes {
			if len(n.Intents) < 3 {
				t.Errorf("Synthetic(%d): node %s has %d intents", size, n.ID, len(n.Intents))
			}
			if !strings.Contains(ix.Page(n.Page).Text, n.Resolution) {
				t.Errorf("Synthetic(%d): node %s resolution is not a snippet of its page", size, n.ID)
			}
			// Every node but a root hangs in its page's tree.
			if n.Root != (ix.Parent(n.ID) == "") {
				t.Errorf("Synthetic(%d): node %s root=%v but parent %q", size, n.ID, n.Root, ix.Parent(n.ID))
			}
		}
		if size >= 1000 && (refs < size/20 || refs > size/5) {
			t.Errorf("Synthetic(%d): %d reference edges, want about a tenth of the nodes", size, refs)
		}
	}
	if !reflect.DeepEqual(Synthetic(500, 3), Synthetic(500, 3)) {
		t.Error("Synthetic is not deterministic for a seed")
	}
	if reflect.DeepEqual(Synthetic(500, 3), Synthetic(500, 4)) {
		t.Error("Synthetic ignores its seed")
	}
}

func TestChanges(t *testing.T) {
	g := Fixture()
	if d := graph.Changes(g, Fixture()); !d.Empty() {
		t.Errorf("Changes of a graph to itself = %+v, want none", d)
	}
	d := graph.Changes(g, fixtureEdited())
	var pages []string
	for _, p := range d.Pages {
		pages = append(pages, p.URL)
	}
	// The password page is as it was: its reference to email-root still
	// holds, since email-root kept its id.
	want := []string{"https://help.example.com/email", `https://help.example.com/router?lang=en&q="x'y"`, "https://help.example.com/billing"}
	if !slices.Equal(pages, want) {
		t.Errorf("Changes wrote pages %q, want %q", pages, want)
	}
	if !slices.Equal(d.Removed, []string{"https://help.example.com/broken"}) {
		t.Errorf("Changes removed %q, want the failed page", d.Removed)
	}
	if len(d.Nodes) != 6 || len(d.Edges) != 5 {
		t.Errorf("Changes wrote %d nodes, %d edges; want 6 and 5", len(d.Nodes), len(d.Edges))
	}
	// An edge that changes is its source page's change, even when the
	// page's own fields and nodes do not.
	h := Fixture()
	h.Edges = h.Edges[:len(h.Edges)-2] // drops router-root -> pw-root (and router-root -> router-long)
	if d := graph.Changes(g, h); len(d.Pages) != 1 || d.Pages[0].URL != g.Pages[3].URL {
		t.Errorf("Changes after dropping the router page's edges wrote %+v, want the router page", d.Pages)
	}
}
