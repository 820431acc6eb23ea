package dialogue

import (
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestNamedDetail: "it's" with no article tells a detail of the case when
// what follows is a name (no word of the language) or a numbered one; how
// the case is ("it's slow") is no detail.
func TestNamedDetail(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"its ubuntu", "ubuntu"},
		{"it's Debian 12", "Debian 12"},
		{"its windows 11", "windows 11"},
		{"oh it is firefox.", "firefox"},
		{"it's slow", ""},
		{"its broken", ""},
		{"it's fine now", ""},
		{"its windows", ""},
		{"it's 3am", ""},
		{"its ubuntu error", ""},
		{"it's a laptop", ""}, // caseDetail's, with its article
		{"how do I install it on ubuntu", ""},
	} {
		if got := namedDetail(tc.msg, lexical.English.IsWord); got != tc.want {
			t.Errorf("namedDetail(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// TestNamedDetailAfterAnswer: "its ubuntu" after the answer on changing a
// password is a detail of that case, taken in at the answer; before, read
// as a request, "ubuntu" answered from the page that names it (on
// gnome-en, the wireless adapter's). "its slow" is still a request.
func TestNamedDetailAfterAnswer(t *testing.T) {
	a := NewGraphAgent(rootPages(
		graph.Node{ID: "pw", Page: "pw", Problem: "Change your password", Root: true, Actionable: true, Resolution: "Open Users and click Password."},
		graph.Node{ID: "drv", Page: "drv", Problem: "Wireless adapter drivers", Root: true, Actionable: true, Resolution: "On Ubuntu, open Additional Drivers."},
		graph.Node{ID: "slow", Page: "slow", Problem: "The computer is slow", Root: true, Actionable: true, Resolution: "Close the programs you do not use."},
	), Options{})
	if r := lastReply(t, a, "how do I change my password", "its ubuntu"); r.NodeID != "pw" || !strings.HasPrefix(r.Text, "Noted.") {
		t.Errorf("its ubuntu: %s at %q %q, want the detail noted at the answer", r.Action, r.NodeID, r.Text)
	}
	if r := lastReply(t, a, "how do I change my password", "its slow"); r.NodeID != "slow" {
		t.Errorf("its slow: %s at %q %q, want the request answered", r.Action, r.NodeID, r.Text)
	}
}
