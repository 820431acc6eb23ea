package dialogue

import (
	"context"
	"testing"
)

// TestRejectedAnswerNotGivenAgain: after "that's not what I meant" the
// same request is not answered from the answer rejected, even when its
// page is all that matches (the section found leads back to it): the
// pages have nothing else, and the customer is offered a person. A plain
// "no" after an answer rejects nothing: asked again, it is answered again.
func TestRejectedAnswerNotGivenAgain(t *testing.T) {
	g := graphOfFiles(t, map[string]string{
		"points.md": "# Earn points\n\nYou earn one point for every 100 yen you pay for a stay.\n\n## Points that expire\n\nPoints expire a year after the stay that earned them.\n",
		"pay.md":    "# Pay for a stay\n\nPay with a card when you book, or at the hotel.\n",
	})
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		reply string
		again Action
	}{
		{"no", Resolution},
		{"that's not what I meant", Clarification},
	} {
		s := &Session{ID: tc.reply}
		first, err := a.Respond(context.Background(), s, "how do I earn points")
		if err != nil || first.Action != Resolution {
			t.Fatalf("first reply %+v, %v; want an answer", first, err)
		}
		if _, err := a.Respond(context.Background(), s, tc.reply); err != nil {
			t.Fatal(err)
		}
		r, err := a.Respond(context.Background(), s, "how do I earn points")
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != tc.again || (tc.again != Resolution && r.NodeID == first.NodeID) {
			t.Errorf("after %q, asked again: %s at %q %q; want %s", tc.reply, r.Action, r.NodeID, r.Text, tc.again)
		}
	}
}
