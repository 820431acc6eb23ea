package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// placedLabel is label, node n's heading as the option of "Is it about
// this?", led by its page's title when the heading alone names no topic:
// it has fewer than minTopicTerms words a request could be matched on
// ("Pourquoi cela se passe-t-il", "Aktivität", "Cómo activar"). The
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
	if place == "" || english.SameText(place, n.Problem) || len(uniqueTerms(a.an.terms(n.Problem))) >= minTopicTerms {
		return label
	}
	return place + ": " + label
}

// minTopicTerms is the fewest words of its own a heading needs to name
// its topic out of its page.
const minTopicTerms = 2
