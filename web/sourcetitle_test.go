package web

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestSourceTitle(t *testing.T) {
	for _, tc := range []struct {
		title string
		crumb []string
		want  string
	}{
		{"Installing", []string{"Manual", "Postfix/Dovecot/Rspamd (Email Server)"}, "Postfix/Dovecot/Rspamd (Email Server) › Installing"},
		{"Overview", []string{"Billing"}, "Billing › Overview"},
		{"How do I get a refund?", []string{"Billing"}, "How do I get a refund?"}, // names its topic
		{"Installing", nil, "Installing"},                                         // no section to lead with
		{"Billing", []string{"Account", "Billing"}, "Billing"},                    // the section itself
	} {
		if got := sourceTitle(&graph.Page{Title: tc.title, Breadcrumb: tc.crumb}); got != tc.want {
			t.Errorf("sourceTitle(%q, %q) = %q, want %q", tc.title, tc.crumb, got, tc.want)
		}
	}
}
