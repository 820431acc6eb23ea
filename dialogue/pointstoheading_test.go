package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestPointsToHeading: an answer whose first sentence points back to its
// heading ("If you tap this option") is led by the heading. Seen chatting
// on adguard-de: "wie kann ich eine website zur whitelist hinzufügen" was
// answered "Wenn Sie auf diese Option tippen, wird google.com sofort zur
// Freigabeliste hinzugefügt…", the option named only by the heading
// "Zur Freigabeliste hinzufügen" the customer could not see; on adguard-ja
// "この機能を有効にするには:" ("to enable this feature") likewise.
func TestPointsToHeading(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"If you tap this option, the site is added to the allowlist.", true},
		{"Wenn Sie auf diese Option tippen, wird die Website hinzugefügt.", true},
		{"Activez cette option pour filtrer le trafic.", true},
		{"Si activas esta opción, se bloquean los anuncios.", true},
		{"この機能を有効にするには:", true},
		{"Open Settings and tap Add.", false},
		{"Set it up like this.", false},                                                      // points at what follows
		{"Many users ask us about the app and its many settings. This option helps.", false}, // not in the first sentence
		{"To block ads on websites, AdGuard applies rules and these are updated daily.", false},
	} {
		if got := pointsToHeading(tc.text); got != tc.want {
			t.Errorf("pointsToHeading(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	n := &graph.Node{Problem: "Add to allowlist"}
	if got, want := withHeading(n, "If you tap this option, the site is added to the allowlist and not filtered any more by the app; ads and trackers are not blocked on it either."), "Add to allowlist: If you tap this option, the site is added to the allowlist and not filtered any more by the app; ads and trackers are not blocked on it either."; got != want {
		t.Errorf("withHeading = %q, want %q", got, want)
	}
	if got, want := withHeading(n, "Add to allowlist: this option adds the site."), "Add to allowlist: this option adds the site."; got != want {
		t.Errorf("withHeading = %q, want the text as it was (it opens with its heading)", got)
	}
}
