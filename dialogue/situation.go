package dialogue

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
// apart move the answer.
func (a *GraphAgent) statedSituation(s *Session, id string, text *reading) string {
	if text == nil || len(text.terms) == 0 {
		return id
	}
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
