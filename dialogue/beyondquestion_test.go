package dialogue

import (
	"context"
	"strings"
	"testing"
)

// TestQuestionBeyondTheLeadIn: a question that leads back to the node
// just asked about ("which part of Backups?") is answered from the
// sentences of its text the question's lead-in did not show, when they
// say the question's own words; the parts stay offered. Seen on
// FreedomBox's manual: "where are the backups stored" got the same
// question again, word for word, though the page's opening goes on to say
// where. A question the lead-in already answered, or one the text does
// not speak of, is asked about again as before.
func TestQuestionBeyondTheLeadIn(t *testing.T) {
	intro := "The backup tool saves the data and settings of your apps. It is built on a well known program. " +
		"It copies only what changed since the last run, so a second backup of the same apps takes a moment. " +
		"It is designed to be quick and safe, and it checks what it wrote before it reports that a backup is done. " +
		"Each app decides what of its data a backup holds, and the list of apps shows which ones can be backed up. " +
		"A backup can be restored app by app, so one app's data comes back without touching the others. " +
		"Restoring an app stops it for a moment and starts it again once its data is back in place. " +
		"Backed up data can be stored on the machine itself or on a remote server reachable by SSH. " +
		"Data stored remotely may be encrypted, and the server then cannot read it."
	g := graphOfFiles(t, map[string]string{
		"backups.md": "# Backups\n\n" + intro + "\n\n## Notes for specific apps\n\nSome apps leave their shared folders out of a backup.\n\n## Install and use backups\n\nOpen the app, click Create, choose the apps and a place.\n\n## External links\n\n- The program's manual\n",
		"users.md":   "# Users\n\nCreate an account for each person with Users, Create.\n",
		"storage.md": "# Storage\n\nSee the disks attached and eject a USB disk from the Storage page.\n",
	})
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		name, second string
		want         Action
		says         string // in the second reply
	}{
		{"a question the text goes on to answer", "where are the backups stored", Resolution, "remote server"},
		{"a question the lead-in answered", "what are backups built on", Clarification, "which part"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Session{}
			first, err := a.Respond(context.Background(), s, "how do i make a backup")
			if err != nil {
				t.Fatal(err)
			}
			if first.Action != Clarification || len(first.Options) < 2 || strings.Contains(first.Text, "remote server") {
				t.Fatalf("first reply %s %q %v: want the question about Backups' parts, its lead-in the opening only", first.Action, first.Text, first.Options)
			}
			r, err := a.Respond(context.Background(), s, tc.second)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want || !strings.Contains(r.Text, tc.says) || len(r.Options) != len(first.Options) {
				t.Errorf("%q: %s %q with %d options, want %s saying %q with the parts offered", tc.second, r.Action, r.Text, len(r.Options), tc.want, tc.says)
			}
		})
	}
}
