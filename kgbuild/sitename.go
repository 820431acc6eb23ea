package kgbuild

import (
	"strings"

	"github.com/helpgraph/helpgraph/page"
)

// withoutSiteName drops from the pages' titles the tail that more than
// siteWideShare of them end with ("Deleting your account | StayNest Help",
// "Assert | Node.js v20.20.2 Documentation", "Enum HOWTO — Python 3.11.2
// documentation"): the site's name, which a hosted help center or a
// documentation tool writes into every page's <title>. The page reader
// drops it where the page links it as its home (page.withoutSiteName);
// many sites name their home otherwise ("3.11.2 Documentation"). Left in,
// it is a title of every page: whole-page search counts its words twice
// in each, and a request naming a page's title names only part of it. A
// build of fewer than 3 pages has no site name. It returns the tail
// dropped, or "".
func withoutSiteName(results []*pageResult) string {
	pages, ends := 0, map[string]int{}
	for _, r := range results {
		if r.err != nil {
			continue
		}
		pages++
		for _, t := range page.TitleTails(r.page.Title) {
			ends[t]++
		}
	}
	if pages < 3 {
		return ""
	}
	// The longest tail most pages share: a section's name between the
	// page's and the site's, when every page has it, is the site's too.
	name := ""
	for t, n := range ends {
		if float64(n) > siteWideShare*float64(pages) && (len(t) > len(name) || (len(t) == len(name) && t < name)) {
			name = t
		}
	}
	if name == "" {
		return ""
	}
	for _, r := range results {
		if t, ok := strings.CutSuffix(r.page.Title, name); ok && r.err == nil {
			r.page.Title = strings.TrimSpace(t)
		}
	}
	return page.TailName(name)
}
