package dialogue

import (
	"slices"
	"sync"
)

// situationIndex maps a term to the nodes whose condition is about it (a
// condition of at most maxSituationTerms terms having it), built on first
// use: per graph, and only a reply to a clarification needs it.
type situationIndex struct {
	once  sync.Once
	nodes map[string][]string
}

// maxSituationTerms is the most terms a condition has and still name one
// situation ("android", "On Windows", "In the web app").
const maxSituationTerms = 2

// situationsNamed returns the nodes whose condition is about term t.
func (a *GraphAgent) situationsNamed(t string) []string {
	a.situations.once.Do(func() {
		a.situations.nodes = map[string][]string{}
		for d := range a.ix.Graph.Nodes {
			n := &a.ix.Graph.Nodes[d]
			if n.Condition == "" {
				continue
			}
			if terms := a.nodeFacts(d).condition; len(terms) <= maxSituationTerms {
				for _, term := range terms {
					a.situations.nodes[term] = append(a.situations.nodes[term], n.ID)
				}
			}
		}
	})
	return a.situations.nodes[t]
}

// unofferedSituation returns the condition, as a page writes it, of a
// situation that r, a short reply to a clarification whose options are
// opts, names though none of opts does, where a page sets it beside one
// of them: "I'm on Android" to "On Windows" / "On Mac", where another page
// has sections for Windows, Mac and Android. The customer's case is then
// one the page does not cover; read as a request, "android" finds any
// section that mentions it. "" when r names no such situation, or an
// option is a part of a page rather than a situation.
func (a *GraphAgent) unofferedSituation(r *reading, opts []Option) string {
	if len(r.terms) == 0 || len(r.terms) > maxSituationTerms || !r.bare() {
		return ""
	}
	offered := map[string]bool{}
	for _, o := range opts {
		d, ok := a.doc[o.NodeID]
		if !ok || a.ix.Node(o.NodeID).Condition == "" {
			return ""
		}
		for _, t := range a.nodeFacts(d).condition {
			offered[t] = true
		}
	}
	for _, t := range r.terms {
		if offered[t] {
			return "" // an option's word: not another situation
		}
	}
	for _, t := range r.terms {
		for _, id := range a.situationsNamed(t) {
			if !containsAll(r.terms, a.nodeFacts(a.doc[id]).condition) {
				continue // says more than r: "you booked by phone" for "I booked online"
			}
			for _, sib := range a.conditionalChildren(a.ix.Parent(id)) {
				if sib == id {
					continue
				}
				for _, st := range a.nodeFacts(a.doc[sib]).condition {
					if offered[st] {
						return a.ix.Node(id).Condition
					}
				}
			}
		}
	}
	return ""
}

// noSuchSituation says that the page has no part for the customer's
// situation (see unofferedSituation), with the options still open and a
// person as one more.
func (a *GraphAgent) noSuchSituation(s *Session, situation string) Reply {
	return Reply{Action: Clarification, Text: a.say(s, "NoSuchSituation", "Situation", situation), NodeID: s.CurrentNode,
		Options: append(slices.Clip(s.PendingOptions), a.talkToPerson(s)), Sources: a.sourcesOf(s.CurrentNode)}
}

// pageForSituation returns the best match elsewhere of the request the
// clarification answered joined with r, a situation none of its options
// names, and that joined reading: a page for that situation ("I'm on
// Android" to the iOS page's "In the YouTube app" / "In Safari", where
// the Android app has a page on YouTube ads of its own). It must be the
// best good match off the page discussed, on a page that names the
// situation (its text, title or breadcrumb), and hold the request as any
// answer must; "" when it does not (the page then says it has no part
// for the situation).
func (a *GraphAgent) pageForSituation(s *Session, r *reading) (string, *reading) {
	cur := a.ix.Node(s.CurrentNode)
	prev := a.previousRequest(s)
	if cur == nil || prev == "" {
		return "", nil
	}
	asked, joined := a.readText(prev), a.readText(prev+" "+r.text)
	for _, c := range a.lexical(query{terms: joined.terms, neg: joined.neg}, nil, retrieveLimit) {
		n := a.ix.Node(c.id)
		if n.Page == cur.Page || !a.good(c) || a.isHollow(c.id) {
			continue
		}
		p := a.lex.pageOf[a.doc[c.id]]
		named := slices.ContainsFunc(r.terms, func(t string) bool {
			id, ok := a.lex.dict[t]
			return ok && a.lex.pageHas(p, id)
		})
		if named && a.holdsRequest(s, c.id, asked) {
			return c.id, joined
		}
		break // the best match elsewhere, or none
	}
	return "", nil
}
