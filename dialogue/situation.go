package dialogue

import "slices"

// statedSituation returns the node to answer from when the request states
// a situation other than the one the matched node id lies under: "change
// the room type, I booked without an account" matches the room-type steps
// under "if you booked as a member", yet its own words pick the sibling
// branch "if you booked as a guest". Walking up from id, the first
// unconfirmed condition whose siblings the text (or, failing it, a
// condition the user confirmed earlier) tells apart and picks another
// decides: that sibling is returned. Otherwise id is returned unchanged.
//
// The words of each branch's parent problem are ignored (pickChildren), so
// naming the problem picks no branch; only words that tell the siblings
// apart move the answer. So are the words of id's own heading: they say
// what is asked there, not a situation ("restrict the pupils' network
// access" matched "Restricting pupils' network access", under "HowTos for
// teaching"; its "network" picks no branch "HowTos for networked clients").
func (a *GraphAgent) statedSituation(s *Session, id string, text *reading) string {
	if text == nil || len(text.terms) == 0 {
		return id
	}
	text = a.besideHeading(id, text)
	cur := id
	for range maxDescent {
		parent := a.ix.Parent(cur)
		if parent == "" {
			return id
		}
		if n := a.ix.Node(cur); n != nil && n.Condition != "" {
			if a.confirmed(s, n.Condition) {
				// The user said this situation is theirs: what lies under
				// it stands.
				return id
			}
			picked := a.pickChildren(parent, a.conditionalChildren(parent), text, s.Confirmed)
			if len(picked) == 1 && picked[0] != cur {
				return picked[0]
			}
		}
		cur = parent
	}
	return id
}

// besideHeading returns text without the terms of node id's heading that
// are not its condition's: what the request says beside what it asks
// about there.
func (a *GraphAgent) besideHeading(id string, text *reading) *reading {
	d, ok := a.doc[id]
	if !ok {
		return text
	}
	f := a.nodeFacts(d)
	heading := func(t string) bool { return f.problem[t] && !slices.Contains(f.condition, t) }
	if !slices.ContainsFunc(text.terms, heading) {
		return text
	}
	beside := *text
	beside.terms = slices.DeleteFunc(slices.Clone(text.terms), heading)
	return &beside
}
