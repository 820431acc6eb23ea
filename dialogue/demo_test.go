package dialogue

import (
	"context"
	"strings"
	"testing"
)

// TestDemoInquiriesEveryBranchResolves walks every option path of the
// study's two demo inquiries on the sample help center: each must end, within
// a few answers, in a resolution that says something, never in an escalation
// or a question that comes back.
func TestDemoInquiriesEveryBranchResolves(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{Synonyms: sampleSynonyms(t)})
	const maxDepth = 4
	var walk func(t *testing.T, path []string)
	walk = func(t *testing.T, path []string) {
		s := &Session{ID: "demo"}
		var r Reply
		var err error
		for _, msg := range path {
			if r, err = a.Respond(context.Background(), s, msg); err != nil {
				t.Fatal(err)
			}
		}
		trail := strings.Join(path, " → ")
		switch r.Action {
		case Resolution:
			n := a.Index().Node(r.NodeID)
			if n == nil || verdictOf(n).Hollow {
				t.Errorf("%s: resolution with nothing to say at %q: %q", trail, r.NodeID, r.Text)
			}
		case Clarification:
			if len(path) > maxDepth {
				t.Errorf("%s: still asking after %d answers: %q", trail, maxDepth, r.Text)
				return
			}
			if len(r.Options) == 0 {
				t.Errorf("%s: a question with no options: %q", trail, r.Text)
				return
			}
			for _, o := range r.Options {
				if o.NodeID == r.NodeID {
					t.Errorf("%s: option %q leads back to the question", trail, o.Label)
					continue
				}
				walk(t, append(append([]string(nil), path...), o.Value))
			}
		default:
			t.Errorf("%s: %s: %q", trail, r.Action, r.Text)
		}
	}
	for _, inquiry := range []string{
		"I'm getting an error when trying to change my booking.",
		"I can't find the confirmation code of my reservation.",
	} {
		t.Run(inquiry, func(t *testing.T) { walk(t, []string{inquiry}) })
	}
}
