package kgbuild

import (
	"errors"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// The tail most pages' titles share is the site's name and leaves them;
// one a few pages share is theirs.
func TestWithoutSiteName(t *testing.T) {
	tests := []struct {
		name   string
		titles []string
		want   []string
		site   string
	}{
		{"a help center's name",
			[]string{"Deleting your account | Acme Help", "I can't log in | Acme Help", "Refunds | Acme Help"},
			[]string{"Deleting your account", "I can't log in", "Refunds"}, "Acme Help"},
		{"most pages: the rest keep theirs",
			[]string{"Enum HOWTO — Example 3.1 documentation", "Sorting — Example 3.1 documentation", "Logging — Example 3.1 documentation", "Changelog"},
			[]string{"Enum HOWTO", "Sorting", "Logging", "Changelog"}, "Example 3.1 documentation"},
		{"a section's name between, on every page",
			[]string{"Apply | Benefits | Agency", "Appeal | Benefits | Agency", "Estimate | Benefits | Agency"},
			[]string{"Apply", "Appeal", "Estimate"}, "Benefits | Agency"},
		{"half the pages is no site's name",
			[]string{"Printing - Writer", "Tables - Writer", "Charts - Calc", "Filters - Calc"},
			[]string{"Printing - Writer", "Tables - Writer", "Charts - Calc", "Filters - Calc"}, ""},
		{"two pages are too few",
			[]string{"Refunds | Acme Help", "Billing | Acme Help"},
			[]string{"Refunds | Acme Help", "Billing | Acme Help"}, ""},
		{"no separators", []string{"Wi-Fi", "Bluetooth", "Printers"}, []string{"Wi-Fi", "Bluetooth", "Printers"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var results []*pageResult
			for _, title := range tt.titles {
				results = append(results, &pageResult{page: graph.Page{URL: title, Title: title}})
			}
			site := withoutSiteName(results)
			var got []string
			for _, r := range results {
				got = append(got, r.page.Title)
			}
			if !slices.Equal(got, tt.want) || site != tt.site {
				t.Errorf("titles %q, site %q; want %q, %q", got, site, tt.want, tt.site)
			}
		})
	}
}

// A page that failed counts for nothing: its title is no page's.
func TestWithoutSiteNameFailedPages(t *testing.T) {
	failed := errors.New("unreadable")
	results := []*pageResult{
		{page: graph.Page{Title: "Refunds | Acme Help"}},
		{page: graph.Page{Title: "Billing | Acme Help"}, err: failed},
		{page: graph.Page{Title: "Login | Acme Help"}, err: failed},
		{page: graph.Page{Title: "Printing"}},
		{page: graph.Page{Title: "Scanning"}},
	}
	if site := withoutSiteName(results); site != "" {
		t.Errorf("site name %q from failed pages", site)
	}
}
