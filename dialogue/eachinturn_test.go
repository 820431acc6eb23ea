package dialogue

import (
	"strings"
	"testing"
)

// TestBothInTurn: "both" to "which of these applies?" answers the first
// situation, led so, and leaves the others to choose; the next is
// answered when chosen. Read as a request, "both" said nothing and the
// question came again.
func TestBothInTurn(t *testing.T) {
	a := NewGraphAgent(cardDeclinedGraph(), Options{})
	const asked = "my card was declined"
	if r := lastReply(t, a, asked); r.Action != Clarification || len(r.Options) != 2 {
		t.Fatalf("first reply: %s %q with %d options, want the question which applies", r.Action, r.Text, len(r.Options))
	}
	r := lastReply(t, a, asked, "both")
	if r.Action != Resolution || r.NodeID != "details" || !strings.HasPrefix(r.Text, "Then one at a time.") || !strings.Contains(r.Text, "Enter the number") {
		t.Fatalf("to both: %s at %q: %q, want the first situation's answer, led so", r.Action, r.NodeID, r.Text)
	}
	if len(r.Options) != 1 || r.Options[0].NodeID != "secure" {
		t.Fatalf("to both: options %v, want the other situation", r.Options)
	}
	if r := lastReply(t, a, asked, "both", r.Options[0].Value); r.Action != Resolution || r.NodeID != "secure" {
		t.Errorf("the other chosen: %s at %q: %q, want its answer", r.Action, r.NodeID, r.Text)
	}
}
