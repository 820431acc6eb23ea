package dialogue

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// ssaGraph is the graph of the real ssa.gov pages of
// ../shared/data/doc2dial-ssa; the test skips where they are absent.
func ssaGraph(t testing.TB) *graph.Graph {
	return graphOf(t, filepath.Join(shareddata.Doc2DialSSA(t), "docs"))
}

// readLines returns the non-blank, non-comment lines of a test data file.
func readLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOffTopicSSA asks the ssa pages questions they do not answer (pets,
// weather, other companies' products): at least 90% must get no resolution.
func TestOffTopicSSA(t *testing.T) {
	a := NewGraphAgent(ssaGraph(t), Options{})
	questions := readLines(t, filepath.Join("..", "testdata", "offtopic", "ssa.txt"))
	if len(questions) < 30 {
		t.Fatalf("%d off-topic questions, want at least 30", len(questions))
	}
	resolved := 0
	for _, q := range questions {
		r, err := a.Respond(context.Background(), &Session{}, q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action == Resolution {
			resolved++
			t.Logf("answered %q with %s: %.80q", q, r.NodeID, r.Text)
		}
	}
	rate := 1 - float64(resolved)/float64(len(questions))
	t.Logf("off-topic questions without a resolution: %d of %d (%.0f%%)", len(questions)-resolved, len(questions), 100*rate)
	if rate < 0.9 {
		t.Errorf("only %.0f%% of off-topic questions got no resolution, want at least 90%%", 100*rate)
	}
}

// TestOffTopicSSAMidConversation asks the off-topic questions again, each
// right after an answer on an ssa page, where a question can lean on the
// page being discussed: at least 90% must still get no resolution.
func TestOffTopicSSAMidConversation(t *testing.T) {
	a := NewGraphAgent(ssaGraph(t), Options{})
	questions := readLines(t, filepath.Join("..", "testdata", "offtopic", "ssa.txt"))
	openers := []string{
		"I'd like to apply for disability benefits online", // the bare request is now asked which situation applies
		"Can I keep getting benefits while I work?",
		"How do I create a my Social Security account?",
		"Which documents are needed for a Social Security card?",
	}
	resolved, asked := 0, 0
	for _, opener := range openers {
		for _, q := range questions {
			s := &Session{}
			if r, err := a.Respond(context.Background(), s, opener); err != nil || r.Action != Resolution {
				t.Fatalf("%q: %s, %v", opener, r.Action, err)
			}
			r, err := a.Respond(context.Background(), s, q)
			if err != nil {
				t.Fatal(err)
			}
			asked++
			if r.Action == Resolution {
				resolved++
				t.Logf("after %q, answered %q with %s: %.80q", opener, q, r.NodeID, r.Text)
			}
		}
	}
	rate := 1 - float64(resolved)/float64(asked)
	t.Logf("off-topic questions mid-conversation without a resolution: %d of %d (%.0f%%)", asked-resolved, asked, 100*rate)
	if rate < 0.9 {
		t.Errorf("only %.0f%% of off-topic questions mid-conversation got no resolution, want at least 90%%", 100*rate)
	}
}

// TestSpellingFromTheGraph checks that misspelt words are read as the help
// center's own words, and that words it has never seen are left alone.
func TestSpellingFromTheGraph(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{Synonyms: sampleSynonyms(t)})
	for _, tc := range []struct{ in, want string }{
		{"how do i cancell my resevation", "how do i cancel my reservation"},
		{"pasword reset", "password reset"},
		{"my acount is lockd", "my account is locked"},
		{"acct", "acct"},                 // too short to tell which word was meant
		{"Quetzalcoatl", "Quetzalcoatl"}, // no graph word near it
		{"email jo@example.org", "email jo@example.org"},
		// A capitalised word inside a sentence is a name, not a typo ...
		{"can I pay with Amazon Prime", "can I pay with Amazon Prime"},
		{"I arrive from Dover. Lights on?", "I arrive from Dover. Lights on?"},
		// A typo rarely changes a word's first letter: "water" is not
		// "later", "lights" not "rights".
		{"hot water in the room", "hot water in the room"},
		{"the lights are off", "the lights are off"},
		{"my resevation", "my reservation"},
		// ... unless the whole message is in title case.
		{"How To Cancell My Resevation", "How To cancel My reservation"},
	} {
		if got := a.spell.correct(tc.in); got != tc.want {
			t.Errorf("correct(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	plain, _ := a.Respond(context.Background(), &Session{}, "how do I cancel my reservation")
	typo, _ := a.Respond(context.Background(), &Session{}, "how do i cancell my resevation")
	if plain.NodeID == "" || typo.NodeID != plain.NodeID || typo.Action != plain.Action {
		t.Errorf("with typos: %s at %q, without: %s at %q", typo.Action, typo.NodeID, plain.Action, plain.NodeID)
	}
}
