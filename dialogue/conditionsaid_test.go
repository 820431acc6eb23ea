package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestConditionSaidOnce: a condition the text's first sentence already
// says leads no reply ("If you are already connected to a wireless
// network: 1. If you are already connected to a wireless network, you will
// be asked…", seen chatting on GNOME's help); one it does not say still
// leads.
func TestConditionSaidOnce(t *testing.T) {
	tests := []struct {
		cond, text, want string
	}{
		{"If you are already connected to a wireless network",
			"1. If you are already connected to a wireless network, you will be asked to disconnect. Click Turn On.",
			"If you are already connected to a wireless network, you will be asked to disconnect. Click Turn On."},
		{"If you have finished setting up the VPN",
			"1. When you have finished setting up the VPN, open the system menu.",
			"When you have finished setting up the VPN, open the system menu."},
		{"If I was charged", "It is a hold.", "If I was charged: It is a hold."},
		// Said later, not in the first sentence: still led.
		{"If you booked by phone", "Call us. Say you booked by phone.", "If you booked by phone: Call us. Say you booked by phone."},
	}
	a := NewGraphAgent(&graph.Graph{}, Options{})
	for _, tt := range tests {
		n := &graph.Node{Problem: "Heading", Condition: tt.cond}
		if got := a.withCondition(n, tt.text); got != tt.want {
			t.Errorf("withCondition(%q, %q) = %q; want %q", tt.cond, tt.text, got, tt.want)
		}
	}
}

// TestLoneStepUnderCondition: one numbered step shown under its condition
// loses its lone "1. "; a numbered list keeps its numbers, and goes on
// the line under its lead (after it, its first item is no item).
func TestLoneStepUnderCondition(t *testing.T) {
	tests := []struct {
		cond, text, want string
	}{
		{"If you are already connected to a wireless network",
			"1. If you are already connected to a wireless network, you will be asked to disconnect. Click Turn On.",
			"If you are already connected to a wireless network, you will be asked to disconnect. Click Turn On."},
		{"If I was charged", "1. Open the bill.\n- the total\n- the date", "If I was charged: Open the bill.\n- the total\n- the date"},
		{"If I was charged", "1. Open the bill.\n1. Click Refund.", "If I was charged:\n1. Open the bill.\n1. Click Refund."},
		{"If I was charged", "1. Open the bill.\n2) Click Refund.", "If I was charged:\n1. Open the bill.\n2) Click Refund."},
		{"If I was charged", "- the total\n- the date", "If I was charged:\n- the total\n- the date"},
	}
	a := NewGraphAgent(&graph.Graph{}, Options{})
	for _, tt := range tests {
		n := &graph.Node{Problem: "Heading", Condition: tt.cond}
		if got := a.withCondition(n, tt.text); got != tt.want {
			t.Errorf("withCondition(%q, %q) = %q; want %q", tt.cond, tt.text, got, tt.want)
		}
	}
}
