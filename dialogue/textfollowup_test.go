package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestFollowUpInTextAfterASituation: "how often should I do it?" after an
// answer from a situation branch, whose problem carries its long
// condition ("… (you created your backup using a backup application such
// as Deja Dup)"): joined with those words, the page whose text says how
// often to back up held too little of the request to answer; joined with
// the customer's own earlier words ("backups"), it answers. Seen on
// GNOME's help, where "how often?" was answered and "how often should I
// do it?" was asked to rephrase.
func TestFollowUpInTextAfterASituation(t *testing.T) {
	const (
		restore   = "https://help.example/backup-restore"
		frequency = "https://help.example/backup-frequency"
		printing  = "https://help.example/printing"
		wifi      = "https://help.example/wifi"
	)
	g := &graph.Graph{
		Pages: []graph.Page{{URL: restore, Title: "Restore a backup"}, {URL: frequency, Title: "Frequency of backups"},
			{URL: printing, Title: "Printing"}, {URL: wifi, Title: "Wireless networks"}},
		Nodes: []graph.Node{
			{ID: "restore", Page: restore, Problem: "Restore a backup", Root: true, Actionable: true,
				Resolution: "Where you restore from depends on how you made the backup."},
			{ID: "restore-app", Page: restore, Problem: "Restore a backup (you created your backup using a backup application such as Deja Dup)",
				Condition: "you created your backup using a backup application such as Deja Dup", Actionable: true,
				Resolution: "Open the backup application and choose Restore, then pick the files to bring back."},
			{ID: "restore-copy", Page: restore, Problem: "Restore a backup (you copied your files to a drive)",
				Condition: "you copied your files to a drive", Actionable: true,
				Resolution: "Copy the files back from the drive to your computer."},
			{ID: "frequency", Page: frequency, Problem: "Frequency of backups", Root: true, Actionable: true,
				Resolution: "How often you make backups depends on how much your data changes. Important files that change daily should be backed up daily."},
			{ID: "print", Page: printing, Problem: "Print a document", Root: true, Actionable: true,
				Resolution: "Press Ctrl+P, choose a printer and click Print. Printing often fails when the printer is off."},
			{ID: "wifi", Page: wifi, Problem: "Connect to a wireless network", Root: true, Actionable: true,
				Resolution: "Open the system menu, choose Wi-Fi and pick a network."},
		},
		Edges: []graph.Edge{{From: "restore", To: "restore-app", Type: graph.Child}, {From: "restore", To: "restore-copy", Type: graph.Child}},
	}
	a := NewGraphAgent(g, Options{})
	s := &Session{ID: "t", CurrentNode: "restore-app", History: []Turn{
		{Role: "user", Text: "can you help me with backups?"},
		{Role: "agent", Action: Resolution, NodeID: "restore-app", Text: "Open the backup application and choose Restore."},
	}}
	r, err := a.Respond(context.Background(), s, "how often should i do it?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "frequency" {
		t.Errorf("\"how often should i do it?\" after the situation's answer: %s at %q (%q), want the frequency page", r.Action, r.NodeID, r.Text)
	}
}
