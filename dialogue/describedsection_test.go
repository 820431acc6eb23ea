package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestDescribedSection: the one section whose heading and text hold every
// word the request adds to its parent's heading is the part asked; none
// when the request adds nothing or two sections hold the words.
func TestDescribedSection(t *testing.T) {
	for _, tc := range []struct {
		name     string
		parent   string
		sections []string // each section's heading and text terms
		request  string
		want     int
	}{
		{"one section says the added word", "chang appear desktop", []string{"light dark style switch", "background imag wallpap chang"}, "chang desktop wallpap", 1},
		{"every added word, not some", "chang appear desktop", []string{"background imag wallpap"}, "chang desktop wallpap colour", -1},
		{"two sections say it: no part chosen", "chang appear desktop", []string{"light dark wallpap", "background wallpap"}, "chang desktop wallpap", -1},
		{"the request adds nothing to the heading", "chang appear desktop", []string{"light dark", "background desktop"}, "chang desktop", -1},
		{"no section says it", "chang appear desktop", []string{"light dark", "background imag"}, "chang desktop wallpap", -1},
		{"repeated words count once", "safe remov drive", []string{"eject devic", "devic use busi"}, "busi busi drive", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ss := make([]map[string]bool, len(tc.sections))
			for i, s := range tc.sections {
				ss[i] = termSet(s)
			}
			if got := describedSection(termSet(tc.parent), ss, strings.Fields(tc.request)); got != tc.want {
				t.Errorf("describedSection(%q, %q, %q) = %d, want %d", tc.parent, tc.sections, tc.request, got, tc.want)
			}
		})
	}
}

// TestRequestOneSectionDescribesIsAnsweredThere: a request whose words
// beyond the page's heading only one section speaks of ("wallpaper", said
// in passing by the page's opening and in full by its "Background" steps)
// is answered from that section, led by the page's short opening, not with
// the opening alone and the sections as options (the sections beside it
// are its options); a section that repeats the opening word for word is no
// part of it.
func TestRequestOneSectionDescribesIsAnsweredThere(t *testing.T) {
	const page, twin = "https://help.example.com/appearance", "https://help.example.com/start"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Change the appearance of your desktop"}, {URL: twin, Title: "Choosing when to start"}},
		Nodes: []graph.Node{
			{ID: "root", Page: page, Problem: "Change the appearance of your desktop", Root: true, Actionable: true,
				Resolution: "You can switch between a light and a dark style. You can choose an image or wallpaper as your desktop background."},
			{ID: "style", Page: page, Problem: "Light or dark style", Actionable: true,
				Resolution: "To switch styles:\n1. Open Appearance.\n1. Click Light or Dark."},
			{ID: "background", Page: page, Problem: "Background", Actionable: true,
				Resolution: "To change the image of your background:\n1. Open Appearance.\n1. Click one of the wallpapers shipped with the system."},
			{ID: "start", Page: twin, Problem: "Choosing when to start", Root: true, Actionable: true,
				Resolution: "There is no best age for everyone: decide from your family circumstances."},
			{ID: "consider", Page: twin, Problem: "Things to consider", Actionable: true,
				Resolution: "There is no best age for everyone: decide from your family circumstances. Your monthly amount differs by age."},
			{ID: "insurance", Page: twin, Problem: "Health insurance", Actionable: true,
				Resolution: "Insurance usually starts at 65."},
		},
		Edges: []graph.Edge{
			{From: "root", To: "style", Type: graph.Child}, {From: "root", To: "background", Type: graph.Child},
			{From: "start", To: "consider", Type: graph.Child}, {From: "start", To: "insurance", Type: graph.Child},
		},
	}
	for _, tc := range []struct {
		message, want, leads, offers string
	}{
		{"change the desktop wallpaper image", "background", "You can switch between a light and a dark style.", "style"},
		{"how do I change the appearance of my desktop", "root", "You can switch between a light and a dark style.", "background"},
		{"choosing when to start for my family", "start", "Choosing when to start: There is no best age", "consider"},
	} {
		t.Run(tc.message, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			r, err := a.Respond(context.Background(), s, tc.message)
			if err != nil || r.Action != Resolution || r.NodeID != tc.want || !strings.HasPrefix(r.Text, tc.leads) {
				t.Errorf("%q: %s at %q (%q), %v; want a resolution at %s led by %q", tc.message, r.Action, r.NodeID, r.Text, err, tc.want, tc.leads)
			}
			if !slices.ContainsFunc(r.Options, func(o Option) bool { return o.NodeID == tc.offers }) {
				t.Errorf("%q: options %v, want %s among them", tc.message, r.Options, tc.offers)
			}
		})
	}
}
