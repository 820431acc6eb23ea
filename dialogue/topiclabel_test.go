package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestTopicOptionsNameTheTopic: "Is it about this?" offers a node by its
// problem; its condition alone names no topic ("Is it about this? Your
// phone has this option", seen on adguard-en). Among a node's situations
// the condition is the label, as before.
func TestTopicOptionsNameTheTopic(t *testing.T) {
	const page = "https://help.example.com/battery"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "battery", Page: page, Problem: "Background work", Root: true, Resolution: "Phones stop apps in the background."},
		{ID: "adaptive", Page: page, Problem: "Android 11+ (your phone has this option)", Condition: "your phone has this option", Actionable: true,
			Resolution: "Turn off Adaptive battery."},
		{ID: "plain", Page: page, Problem: "Sony", Actionable: true, Resolution: "Turn off Stamina mode."},
	}, Edges: []graph.Edge{{From: "battery", To: "adaptive", Type: graph.Child}, {From: "battery", To: "plain", Type: graph.Child}}}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		opts []Option
		want []string
	}{
		{a.topicOptions([]string{"adaptive", "plain"}), []string{"Android 11+ (your phone has this option)", "Sony"}},
		{a.options([]string{"adaptive", "plain"}), []string{"Your phone has this option", "Sony"}},
	} {
		for i, o := range tc.opts {
			if o.Label != tc.want[i] || o.NodeID == "" {
				t.Errorf("option %d = %+v, want label %q", i, o, tc.want[i])
			}
		}
	}
}

// TestApartByTitle: labels two or more options share are told apart by
// the part of their pages' titles the others lack; a label no other has,
// or whose title says nothing more, is kept.
func TestApartByTitle(t *testing.T) {
	for _, tc := range []struct {
		name           string
		labels, titles []string
		want           []string
	}{
		{"site and section shared",
			[]string{"Benefits Planner: Retirement", "Benefits Planner: Retirement", "Apply"},
			[]string{"Benefits Planner: Retirement | If You Are Divorced | SSA", "Benefits Planner: Retirement | Medicare Premiums | SSA", "Apply | SSA"},
			[]string{"Benefits Planner: Retirement – If You Are Divorced", "Benefits Planner: Retirement – Medicare Premiums", "Apply"}},
		{"dash-separated titles", []string{"Still have questions?", "still have questions?"},
			[]string{"Direct Deposit - Example Help", "Change of Address - Example Help"},
			[]string{"Still have questions? – Direct Deposit", "still have questions? – Change of Address"}},
		{"a hyphen inside a word is no separator", []string{"Setup", "Setup"},
			[]string{"Wi-Fi setup", "E-mail setup"},
			[]string{"Setup – Wi-Fi setup", "Setup – E-mail setup"}},
		{"same title: nothing tells them apart", []string{"Fees", "Fees"},
			[]string{"Fees | Help", "Fees | Help"}, []string{"Fees", "Fees"}},
		{"the differing part is the label itself", []string{"Refunds", "Refunds"},
			[]string{"Refunds", "Billing | Refunds"}, []string{"Refunds", "Refunds – Billing"}},
		{"distinct labels untouched", []string{"Cancel", "Change"},
			[]string{"Cancel | Help", "Change | Help"}, []string{"Cancel", "Change"}},
	} {
		got := apartByTitle(tc.labels, tc.titles)
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("%s: label %d = %q, want %q", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

// TestOptionsOfPagesWithOneHeading: sections of two pages bearing the same
// heading are offered under their pages' names, not "X (X)".
func TestOptionsOfPagesWithOneHeading(t *testing.T) {
	const deposit, address = "https://help.example.com/deposit", "https://help.example.com/address"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: deposit, Title: "Direct Deposit | Example"}, {URL: address, Title: "Change of Address | Example"}},
		Nodes: []graph.Node{
			{ID: "d", Page: deposit, Problem: "Still have questions?", Root: true, Actionable: true, Resolution: "Call us about deposits."},
			{ID: "a", Page: address, Problem: "Still have questions?", Root: true, Actionable: true, Resolution: "Call us about addresses."},
		}}
	a := NewGraphAgent(g, Options{})
	want := []string{"Still have questions? – Direct Deposit", "Still have questions? – Change of Address"}
	for i, o := range a.topicOptions([]string{"d", "a"}) {
		if o.Label != want[i] || o.Value != want[i] {
			t.Errorf("option %d = %+v, want label %q", i, o, want[i])
		}
	}
}

// TestOptionsOfOneNameToldApart: tabs of one name in one section (a
// Windows tab for each command the section shows) are options a person
// can tell apart: by their problem where it differs, else by what each
// says first; never two buttons that say the same.
func TestOptionsOfOneNameToldApart(t *testing.T) {
	const page = "https://help.example.com/listing"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "list", Page: page, Problem: "Listing packages", Root: true, Resolution: "To list installed packages:"},
		{ID: "unix", Page: page, Problem: "Listing packages (Unix)", Condition: "Unix", Resolution: "`$ pip list`"},
		{ID: "win1", Page: page, Problem: "Listing packages (Windows)", Condition: "Windows", Resolution: "`C:\\> py -m pip list`"},
		{ID: "win2", Page: page, Problem: "Listing packages (Windows)", Condition: "Windows", Resolution: "`C:\\> py -m pip list --outdated` shows what is behind the latest release of each."},
		{ID: "win3", Page: page, Problem: "Listing packages (Windows)", Condition: "Windows", Resolution: "`C:\\> py -m pip show sphinx`"},
	}, Edges: []graph.Edge{{From: "list", To: "unix", Type: graph.Child}, {From: "list", To: "win1", Type: graph.Child},
		{From: "list", To: "win2", Type: graph.Child}, {From: "list", To: "win3", Type: graph.Child}}}
	a := NewGraphAgent(g, Options{})
	var got []string
	for _, o := range a.options([]string{"unix", "win1", "win2", "win3"}) {
		got = append(got, o.Label)
	}
	want := []string{"Unix", "Windows", "Windows (C:\\> py -m pip list --outdated…)", "Windows (C:\\> py -m pip show sphinx)"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}
