package web

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestNodePageSection: the support team's view of a node shows the
// sections its page sits in ("Billing › Refunds", a help desk's category
// and section), and no Section row for a page without a breadcrumb.
func TestNodePageSection(t *testing.T) {
	node := graph.Node{ID: "refunds", Page: "https://acme.example/hc/en-us/articles/1-refunds", Problem: "Refunds", Root: true}
	for _, tc := range []struct {
		crumb []string
		want  string // "" for no Section row
	}{
		{[]string{"Billing", "Refunds & returns"}, "Billing › Refunds &amp; returns"},
		{nil, ""},
	} {
		page := &graph.Page{URL: node.Page, Title: "Refunds", Breadcrumb: tc.crumb, Status: graph.PageOK}
		var sb strings.Builder
		if err := nodePage(nodeView{Node: node, Page: page}).Render(context.Background(), &sb); err != nil {
			t.Fatal(err)
		}
		html := sb.String()
		if got := strings.Contains(html, "<dt>Section</dt>"); got != (tc.want != "") {
			t.Errorf("%q: Section row shown %v, want %v", tc.crumb, got, tc.want != "")
		}
		if tc.want != "" && !strings.Contains(html, tc.want) {
			t.Errorf("%q: the node page lacks %q", tc.crumb, tc.want)
		}
	}
}
