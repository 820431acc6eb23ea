package dialogue

import (
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// asksBeyondQuestion reports whether message, a question that leads back
// to node n right after the reply that asked which of n's parts it is
// about (last), asks what a sentence of n's own text says that the
// question's lead-in did not show: "where are the backups stored" after
// "About Backups: which part are you asking about?", whose lead-in gave
// the opening of a text that goes on "Backed up data can be stored on the
// FreedomBox machine itself or on a remote server". Asked again, the same
// question went round in circles; the sentences are the answer, the parts
// still offered. Only the question's words beyond n's heading count: the
// heading's own words are in every sentence of it.
func (a *GraphAgent) asksBeyondQuestion(n *graph.Node, message *reading, last Turn) bool {
	if message == nil || !message.question || last.Action != Clarification || last.NodeID != n.ID {
		return false
	}
	heading := a.an.terms(n.Problem)
	var beyond []string
	for _, t := range message.terms {
		if !slices.Contains(heading, t) {
			beyond = append(beyond, t)
		}
	}
	if len(beyond) == 0 {
		return false
	}
	for _, u := range units(a.withoutBoilerplate(shownText(n))) {
		if strings.Contains(last.Text, u.text) {
			continue
		}
		said := a.an.terms(u.text)
		for _, t := range beyond {
			if slices.Contains(said, t) {
				return true
			}
		}
	}
	return false
}
