package dialogue

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// TestOffTopicElsewhere asks the sample help center and the AdGuard
// knowledge base questions they do not answer, first and right after an
// answer, as TestOffTopicSSA does for ssa. Their everyday words are one
// letter from the pages' ("charger", "plane", "shoes"): read as the pages'
// words, they would be answered.
func TestOffTopicElsewhere(t *testing.T) {
	for _, tc := range []struct {
		name, pages, questions string
		openers                []string
		minCold, minMid        float64 // least share refused
	}{
		{
			name: "sample", pages: filepath.Join("..", "testdata", "helpcenter"),
			questions: "helpcenter.txt",
			openers:   []string{"how do I earn points", "I forgot my password"},
			minCold:   0.9, minMid: 0.9,
		},
		{
			// The five it answers mid-conversation share a word that
			// matters with the pages ("licence", "online", "match").
			name: "adguard-en", pages: "adguard",
			questions: "adguard-en.txt",
			// An opener is answered, not asked about: "youtube ads are not
			// blocked" alone asks where (in the app or a browser).
			openers: []string{"youtube ads are not blocked in my browser", "how do I reset my AdGuard account password"},
			minCold: 0.9, minMid: 0.85,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pages := tc.pages
			if pages == "adguard" {
				pages = filepath.Join(shareddata.AdguardKB(t), "en")
			}
			a := NewGraphAgent(graphOf(t, pages), Options{})
			questions := readLines(t, filepath.Join("..", "testdata", "offtopic", tc.questions))
			cold, mid, asked := 0, 0, 0
			for _, q := range questions {
				if r, err := a.Respond(context.Background(), &Session{}, q); err != nil {
					t.Fatal(err)
				} else if r.Action != Resolution {
					cold++
				} else {
					t.Logf("answered %q with %s", q, r.NodeID)
				}
				for _, opener := range tc.openers {
					s := &Session{}
					if r, err := a.Respond(context.Background(), s, opener); err != nil || r.Action != Resolution {
						t.Fatalf("%q: %s, %v", opener, r.Action, err)
					}
					r, err := a.Respond(context.Background(), s, q)
					if err != nil {
						t.Fatal(err)
					}
					asked++
					if r.Action != Resolution {
						mid++
					} else {
						t.Logf("after %q, answered %q with %s", opener, q, r.NodeID)
					}
				}
			}
			t.Logf("refused: %d of %d first, %d of %d mid-conversation", cold, len(questions), mid, asked)
			if got := float64(cold) / float64(len(questions)); got < tc.minCold {
				t.Errorf("refused %.0f%% asked first, want at least %.0f%%", 100*got, 100*tc.minCold)
			}
			if got := float64(mid) / float64(asked); got < tc.minMid {
				t.Errorf("refused %.0f%% mid-conversation, want at least %.0f%%", 100*got, 100*tc.minMid)
			}
		})
	}
}
