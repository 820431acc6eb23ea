package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestFollowUpInText: a follow-up whose words are in no heading, only in
// a section's text about the topic discussed ("how often should I do
// it?" after how to back up files, and the page whose text says how often
// to back up). Before, a follow-up's words had to be in what a node
// is about: the page on frequency was never found, and the reply was
// "please rephrase". The same words said of another topic ("often" on the
// page about the screen) do not answer it.
func TestFollowUpInText(t *testing.T) {
	page := func(id, problem, text string) graph.Node {
		return graph.Node{ID: id, Page: id, Problem: problem, Root: true, Actionable: true, Resolution: text}
	}
	g := &graph.Graph{Nodes: []graph.Node{
		page("how", "Back up your files", "Copy your files to an external disk, away from the computer."),
		page("frequency", "Frequency of backups", "How often you back up depends on the data: back up important files daily, others weekly."),
		page("screen", "Screen brightness", "The screen often dims to save power. Open Power to change it."),
		page("restore", "Restore a backup", "Copy the files from the backup disk back to your computer."),
		page("printer", "Add a printer", "Open Printers and click Add."),
		page("sound", "Change the volume", "Click the speaker icon and drag the slider."),
		page("mouse", "Mouse speed", "Open Mouse and move the speed slider."),
		page("wifi", "Connect to a wireless network", "Open the network menu and pick a network."),
		page("keyboard", "Keyboard layouts", "Open Keyboard and add a layout."),
	}}
	for _, n := range g.Nodes {
		g.Pages = append(g.Pages, graph.Page{URL: n.Page, Title: n.Problem})
	}
	for _, tc := range []struct {
		name  string
		turns []string
		want  string // the node of the last reply; "" for none
	}{
		{"the topic's page says it in its text", []string{"how do I back up my files", "how often should I do it"}, "frequency"},
		{"said of another topic only", []string{"how do I add a printer", "how often should I do it"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lastReply(t, NewGraphAgent(g, Options{}), tc.turns...)
			if got := r.NodeID; got != tc.want || (tc.want != "" && r.Action != Resolution) {
				t.Errorf("last reply %s at %q: %q, want an answer at %q", r.Action, got, r.Text, tc.want)
			}
		})
	}
}
