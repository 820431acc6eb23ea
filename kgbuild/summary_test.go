package kgbuild

import (
	"fmt"
	"strings"
	"testing"
)

func TestReportStringGroupsFailures(t *testing.T) {
	r := &Report{}
	for i := range 4768 {
		r.Failed = append(r.Failed, PageFailed{URL: fmt.Sprintf("https://h/p%04d", i), Error: "duplicate page URL"})
	}
	for i := range 3 {
		r.Failed = append(r.Failed, PageFailed{URL: fmt.Sprintf("https://h/x%d", i), Error: fmt.Sprintf("extracting: resolution of \"q%d\" is not grounded in the page", i)})
	}
	for i := range 25 {
		r.PagesRemoved = append(r.PagesRemoved, fmt.Sprintf("https://h/gone%d", i))
	}
	out := r.String()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) > 40 {
		t.Errorf("report of 4,771 failures is %d lines, want a summary:\n%s", len(lines), out)
	}
	for _, want := range []string{
		"failed: and 4758 more like this\n",
		"failed: https://h/x2: extracting: resolution of \"q2\" is not grounded in the page\n",
		"failed: 4771 pages in all, 2 kinds of failure\n",
		"removed: and 15 more\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "p0010") {
		t.Errorf("report shows the 11th duplicate:\n%s", out)
	}
}
