package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestFirstAnswerReachesSteps: a long section's first answer, whose
// sentences asked about give no steps and no list ("change the login
// password, please": the sentence about the login keyring), also gives the
// section's numbered steps when they fit; one whose sentences asked about
// already give a list of ways keeps to them.
func TestFirstAnswerReachesSteps(t *testing.T) {
	filler := "Filler text that says nothing the question asks about and goes on for a while."
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "password", Page: "https://help.example.com/password", Problem: "Change your password", Root: true, Actionable: true,
			Resolution: "It is a good idea to change your password from time to time.\n" + strings.Repeat(filler+" ", 3) +
				"\nWhen you update your login password, your keyring password is updated too.\n" + strings.Repeat(filler+" ", 4) +
				"\nTo change your password:\n1. Open the Users panel.\n1. Click Password.\n1. Type the new password twice and click Change."},
		{ID: "zeros", Page: "https://help.example.com/zeros", Problem: "Numbers with a leading zero", Root: true, Actionable: true,
			Resolution: "There are two ways to keep a leading zero in a cell:\n- Enter the number as text, after an apostrophe.\n- Give the cell a number format such as 0000.\n" +
				strings.Repeat(filler+" ", 6) + "\nTo turn such text into numbers:\n1. Select the column.\n1. Choose Find & Replace.\n1. Click Replace All."},
	}}
	for _, tc := range []struct {
		ask, node string
		want, not []string
	}{
		{"change the login password, please", "password", []string{"login password", "\nTo change your password:\n1. Open the Users panel.", "click Change."}, nil},
		{"the leading zero disappears when I type the number in a cell", "zeros", []string{"There are two ways", "- Give the cell a number format"}, []string{"Replace All"}},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, tc.ask)
			if err != nil || r.NodeID != tc.node {
				t.Fatalf("got %s at %q: %q, %v; want %s", r.Action, r.NodeID, r.Text, err, tc.node)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.Text, w) {
					t.Errorf("got %q, want %q in it", r.Text, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(r.Text, w) {
					t.Errorf("got %q, want no %q", r.Text, w)
				}
			}
		})
	}
}
