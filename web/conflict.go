package web

import (
	"context"
	"errors"
	"fmt"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// maxConflictRetries is how many times a turn is run again when another
// writer saved to its conversation first.
const maxConflictRetries = 3

// converse runs one turn of conversation sessionID ("" starts one) and
// persists it. When another replica saved to the conversation meanwhile
// (conversation.ErrConflict: nothing of this turn was kept), the turn runs
// again on the conversation as it now is, so two replicas escalating it at
// once file one handoff and the later message goes to it, as a follow-up.
// Past maxConflictRetries the error stands (409, send again).
func (s *Server) converse(ctx context.Context, owner, sessionID, message, clientLang string) (dialogue.Session, dialogue.Reply, *turnResult, error) {
	for attempt := 0; ; attempt++ {
		sess, reply, res, err := s.converseOnce(ctx, owner, sessionID, message, clientLang)
		if !errors.Is(err, conversation.ErrConflict) || sessionID == "" {
			return sess, reply, res, err
		}
		if attempt == maxConflictRetries {
			return sess, reply, res, fmt.Errorf("%w: send the message again", conversation.ErrConflict)
		}
	}
}
