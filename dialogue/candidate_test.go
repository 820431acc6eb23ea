package dialogue

import "testing"

// TestMatchesWellEnough checks when a retrieved candidate counts as a
// match (good), in the conversation's place (goodNear), and either
// (accepts), on plain candidates against the default thresholds.
func TestMatchesWellEnough(t *testing.T) {
	opts := Options{}.withDefaults()
	least := opts.MinCoverage
	for _, tc := range []struct {
		name                   string
		c                      candidate
		embed                  bool
		good, goodNear, accept bool
	}{
		{"covers enough", candidate{coverage: least, terms: 1}, false, true, true, true},
		{"covers too little", candidate{coverage: least * nearShare * 0.9, terms: 1, near: true}, false, false, false, false},
		{"a long request's match needs less", candidate{coverage: least * longMatchShare, terms: longMatchTerms}, false, true, true, true},
		{"but not with fewer terms", candidate{coverage: least * longMatchShare, terms: longMatchTerms - 1}, false, false, true, false},
		{"in the place, less will do", candidate{coverage: least * nearShare, terms: 1, near: true}, false, false, true, true},
		{"elsewhere, it will not", candidate{coverage: least * nearShare, terms: 1}, false, false, true, false},
		{"in the place, some own term is needed", candidate{coverage: least * nearShare, near: true}, false, false, false, false},
		{"close embeddings", candidate{cosine: opts.MinCosine}, true, true, true, true},
		{"embeddings off: cosine unread", candidate{cosine: opts.MinCosine}, false, false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &GraphAgent{opts: opts}
			if tc.embed {
				a.embed = &embeddingCache{}
			}
			if got := a.good(tc.c); got != tc.good {
				t.Errorf("good = %v, want %v", got, tc.good)
			}
			if got := a.goodNear(tc.c); got != tc.goodNear {
				t.Errorf("goodNear = %v, want %v", got, tc.goodNear)
			}
			if got := a.accepts(tc.c); got != tc.accept {
				t.Errorf("accepts = %v, want %v", got, tc.accept)
			}
		})
	}
}
