package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/internal/messages"
)

// TestShortFrenchOnFrenchPages: a short French message whose function
// words Spanish and Italian share as many ("la batterie se vide trop
// vite": la, se) is French on a help center with French pages only, not
// Spanish with a note that no Spanish page exists (seen chatting on GNOME's
// French help): trigrams of five words are no sure evidence.
func TestShortFrenchOnFrenchPages(t *testing.T) {
	tests := []struct {
		msg   string
		pages []string
		want  string
	}{
		{"la batterie se vide trop vite", []string{"fr", "en"}, "fr"},
		{"la batterie se vide trop vite", []string{"fr"}, "fr"},
	}
	for _, tt := range tests {
		if got := chooseLanguage(newDetectors(tt.pages, messages.Embedded().Languages()), fakePages{langs: tt.pages}, &Session{}, tt.msg); got != tt.want {
			t.Errorf("chooseLanguage(%q) on %v pages = %q; want %q", tt.msg, tt.pages, got, tt.want)
		}
	}
}
