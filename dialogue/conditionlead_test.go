package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestConditionSaidOnce: a section whose text opens with its own condition
// is not led by it again. Seen on the AdGuard help center: "If your phone
// has this option: 1. If your phone has this option, disable Adaptive
// battery: …".
func TestConditionSaidOnce(t *testing.T) {
	for _, tc := range []struct{ condition, text, want string }{
		{"your phone has this option", "1. If your phone has this option, disable Adaptive battery.",
			"If your phone has this option, disable Adaptive battery."},
		{"If you booked by phone", "If you booked by phone, call us.", "If you booked by phone, call us."},
		{"you booked by phone", "- You booked by phone: call us.", "You booked by phone: call us."},
		// One item of several keeps the list whole.
		{"your phone has this option", "1. If your phone has this option, open Settings.\n1. Turn it off.",
			"1. If your phone has this option, open Settings.\n1. Turn it off."},
		// A text that does not state its condition is led by it, as before.
		{"your phone has this option", "1. Open Settings.", "If your phone has this option: 1. Open Settings."},
		{"To apply", "Apply online.", "To apply: Apply online."},
		{"you booked by phone", "Phone bookings are changed by phone.", "If you booked by phone: Phone bookings are changed by phone."},
	} {
		n := &graph.Node{Problem: "Android 11+", Condition: tc.condition}
		if got := withCondition(n, tc.text); got != tc.want {
			t.Errorf("withCondition(%q, %q) =\n %q\nwant\n %q", tc.condition, tc.text, got, tc.want)
		}
	}
}
