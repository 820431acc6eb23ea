package dialogue

import (
	"context"
)

// A user who names one of their records (a booking, order or case number:
// lexical.HasRecordNumber) where the pages have no answer is asking about
// that record, which only a person can look up. A request with one that
// matches nothing well goes to a person (GraphAgent.turn) rather than to
// topics sharing a word with it, which would only lead the user to a page
// about something else.

// respondOrHandOver answers msg at node id, reading the user's situation
// from text; but asked which situation applies, a user who says the request
// again with a record number has a situation the options do not cover, on
// a record a person must read: the same question again would go round in
// circles.
func (a *GraphAgent) respondOrHandOver(ctx context.Context, s *Session, id string, text, msg *reading) (Reply, error) {
	s.Asked = "" // a new request: the section asked before is no longer waited on
	asked := s.PendingOptions
	r, err := a.respondAt(ctx, s, id, text)
	if err == nil && r.Action == Clarification && len(asked) > 0 && sameNodes(r.Options, asked) && msg.record {
		return a.escalate(s, a.ix.Node(r.NodeID), r.Sources), nil
	}
	return r, err
}
