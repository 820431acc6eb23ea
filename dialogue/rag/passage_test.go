package rag

import "testing"

func TestPassagePage(t *testing.T) {
	p := &passage{URL: "billing/refund.md#x", N: 12}
	tests := []struct{ id, want string }{
		{p.ref(), "billing/refund.md#x"},
		{"passage:a.md#0", "a.md"},
		{"passage:a.md", ""},
		{"node-7", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := PassagePage(tt.id); got != tt.want {
			t.Errorf("PassagePage(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}
