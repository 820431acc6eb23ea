package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/messages"
)

// TestNoOtherLanguageNoteOnAGuess: a German message that no German page
// answers and that the English pages only guess at ("Is it about this?")
// is not answered with that guess under "we have no page about this in
// German": a guess does not know that. Seen on adguard-de: "Seit dem
// Update ist mein Internet sehr langsam" got an English page on
// translation priorities.
func TestNoOtherLanguageNoteOnAGuess(t *testing.T) {
	a := multilingualAgent(t)
	note := messages.Embedded().Text("de", "OtherLanguage", "Language", "Deutsch", "Default", "Englisch")
	for _, msg := range []string{"wie lange dauert die Subscription Kündigung Purchase"} {
		r, err := a.Respond(context.Background(), &Session{}, msg)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(r.Text, note) && r.NodeID == "" {
			t.Errorf("%q: %q offers %v under the note", msg, r.Text, r.Options)
		}
	}
}
