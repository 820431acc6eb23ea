package dialogue

import (
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// placedLabel is label, node n's heading as the option of "Is it about
// this?", led by its page's title when the heading alone names no topic:
// it has fewer than minTopicTerms words a request could be matched on
// ("Pourquoi cela se passe-t-il", "Aktivität", "Cómo activar"), or other
// pages have a section of that name too (FreedomBox's "Non-Free Status",
// on 16 of its pages, asked about alone, "Overview", "Syntax"). The
// question is asked with no heading above it, so a customer shown only
// "Why does this happen" cannot tell what it is about. A page's own
// introduction is led by the section the page sits in, its breadcrumb's
// last (a manual's part "Installing" under "Email Server", an article
// "Overview" under "Billing"), and left as it is when it has none; a
// heading that is its place's name is left as it is.
func (a *GraphAgent) placedLabel(n *graph.Node, label string) string {
	p := a.ix.Page(n.Page)
	if p == nil {
		return label
	}
	place := strings.TrimSpace(p.Title)
	if n.Root {
		place = ""
		if len(p.Breadcrumb) > 0 {
			place = strings.TrimSpace(p.Breadcrumb[len(p.Breadcrumb)-1])
		}
	}
	if place == "" || english.SameText(place, n.Problem) ||
		len(uniqueTerms(a.an.terms(n.Problem))) >= minTopicTerms && (n.Root || !a.sharedHeading(n.Problem)) {
		return label
	}
	return place + ": " + label
}

// minTopicTerms is the fewest words of its own a heading needs to name
// its topic out of its page.
const minTopicTerms = 2

// sharedHeadings are the headings of sections that several pages have,
// found once per graph (see Warm).
type sharedHeadings struct {
	once sync.Once
	set  map[string]bool
}

// sharedHeading reports whether sections of pages of two titles or more
// have heading h, as written (a page and its twin under the same title
// are one: their title tells them apart no better).
func (a *GraphAgent) sharedHeading(h string) bool {
	a.shared.once.Do(func() {
		first := map[string]string{} // heading -> the title of the first page with it
		a.shared.set = map[string]bool{}
		for _, n := range a.ix.Graph.Nodes {
			p := a.ix.Page(n.Page)
			if n.Root || p == nil {
				continue
			}
			switch t, ok := first[n.Problem]; {
			case !ok:
				first[n.Problem] = p.Title
			case t != p.Title:
				a.shared.set[n.Problem] = true
			}
		}
	})
	return a.shared.set[h]
}
