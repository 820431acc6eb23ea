package dialogue

import (
	"testing"
)

// TestWithoutDanglingLeads: a reply does not end a run of sentences on one
// that announces a part it does not give.
func TestWithoutDanglingLeads(t *testing.T) {
	for _, tc := range []struct{ name, text, keep, want string }{
		{"a question whose answer is cut off",
			"The last section is about the VPN. You can download it here.\nHow does the VPN work? It creates a tunnel between your device and a server.",
			"The last section is about the VPN. You can download it here.\nHow does the VPN work?",
			"The last section is about the VPN. You can download it here."},
		{"a table header without its rows",
			"The optimizer learns from others.\n| Setting | Description |\n| Size | Number of members |",
			"The optimizer learns from others.\n| Setting | Description |",
			"The optimizer learns from others."},
		{"a table with its rows stays",
			"The optimizer learns from others.\n| Setting | Description |\n| Size | Number of members |",
			"The optimizer learns from others.\n| Setting | Description |\n| Size | Number of members |",
			"The optimizer learns from others.\n| Setting | Description |\n| Size | Number of members |"},
		{"a lead-in without its list, and the question before it",
			"The plan has limits. Which ones apply?\nWhat it does:\n- hides your address",
			"The plan has limits. Which ones apply?\nWhat it does:",
			"The plan has limits."},
		{"a question that is the whole reply stays",
			"How does it work? It creates a tunnel.",
			"How does it work?",
			"How does it work?"},
		{"a question answered in the reply stays",
			"How does it work? It creates a tunnel. It is fast.",
			"How does it work? It creates a tunnel.",
			"How does it work? It creates a tunnel."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptBy(tc.text, tc.keep, withoutDanglingLeads); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLedSteps: the paragraph just before numbered steps brings them; one
// before a bulleted list, or with a sentence between, does not.
func TestLedSteps(t *testing.T) {
	for _, tc := range []struct{ name, text, keep, want string }{
		{"a paragraph before steps",
			"You can freeze rows so they stay as you scroll.\n1. Select the row below.\n2. Choose View - Freeze Rows.\nTo print a row on all pages, use print ranges.",
			"You can freeze rows so they stay as you scroll.",
			"You can freeze rows so they stay as you scroll.\n1. Select the row below.\n2. Choose View - Freeze Rows."},
		{"a paragraph before a bulleted list",
			"You can freeze rows so they stay as you scroll.\n- Rows above.\n- Columns left.",
			"You can freeze rows so they stay as you scroll.",
			"You can freeze rows so they stay as you scroll."},
		{"a sentence not at its line's end",
			"You can freeze rows. They stay as you scroll.\n1. Select the row below.\n2. Choose View - Freeze Rows.",
			"You can freeze rows.",
			"You can freeze rows."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptBy(tc.text, tc.keep, wholeLists); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
