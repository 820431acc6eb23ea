package web

import (
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"short", []string{"short"}},
		{"one two three four", []string{"one two", "three four"}},
		{"one two three four five six", []string{"one two", "three fou…"}},
		{"abcdefghijklmnop", []string{"abcdefghi…"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := wrap(tt.in, 10, 2); !slices.Equal(got, tt.want) {
			t.Errorf("wrap(%q, 10, 2) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLayoutPageTree(t *testing.T) {
	g := bookingGraph("T")
	// A grandchild and a node the tree does not reach.
	g.Nodes = append(g.Nodes,
		graph.Node{ID: "deep", Page: pageURL, Problem: "a very long problem statement that needs truncating"},
		graph.Node{ID: "loose", Page: pageURL, Problem: "loose"})
	g.Edges = append(g.Edges, graph.Edge{From: "online", To: "deep", Type: graph.Child})
	pic := layoutPageTree(graph.NewIndex(g), "online")
	byID := map[string]svgBox{}
	for _, b := range pic.Boxes {
		byID[b.ID] = b
	}
	if len(byID) != 5 || len(pic.Lines) != 3 {
		t.Fatalf("boxes %d lines %d, want 5 and 3: %+v", len(byID), len(pic.Lines), pic)
	}
	root, online, phone, deep := byID["root"], byID["online"], byID["phone"], byID["deep"]
	if !online.Current || root.Current {
		t.Error("current node not marked")
	}
	if !(root.Y < online.Y && online.Y == phone.Y && online.Y < deep.Y) {
		t.Errorf("layers wrong: root %d online %d phone %d deep %d", root.Y, online.Y, phone.Y, deep.Y)
	}
	if online.X >= phone.X || root.X != (online.X+phone.X)/2 {
		t.Errorf("root %d not centred over children %d and %d", root.X, online.X, phone.X)
	}
	for _, b := range pic.Boxes {
		if b.X < 0 || b.Y < 0 || b.X+boxW > pic.Width || b.Y+boxH > pic.Height {
			t.Errorf("box %s at (%d,%d) outside %dx%d", b.ID, b.X, b.Y, pic.Width, pic.Height)
		}
	}
	if deep.Title != g.Nodes[3].Problem || len(deep.Lines) != 2 || !strings.HasSuffix(deep.Lines[1], ellipsis) {
		t.Errorf("deep label %q, title %q: want two lines ending in an ellipsis, full problem as title", deep.Lines, deep.Title)
	}
	if len(online.Lines) != 1 || online.Lines[0] != "booked online" {
		t.Errorf("online label %q, want its condition", online.Lines)
	}
	if got := layoutPageTree(graph.NewIndex(g), "missing"); len(got.Boxes) != 0 {
		t.Errorf("unknown node drew %d boxes", len(got.Boxes))
	}
}
