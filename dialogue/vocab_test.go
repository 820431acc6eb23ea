package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestVocabMatchesAnalyzer: the agent's construction numbers words instead
// of splitting and stemming each text; it must give exactly the terms of
// analyzer.terms, or the index would match differently from the queries.
func TestVocabMatchesAnalyzer(t *testing.T) {
	an := newAnalyzer([][]string{{"reservation", "booking", "log in to"}})
	texts := []string{
		"",
		"How do I reset my password?",
		"I can't log in to my account; it won't LOG IN TO the app",
		"Couldn’t find the booking — Réservation ÉTÉ 2024, n't alone",
		"CANCEL a Reservation at 10:30 a.m. (ID 48213-B)",
		"a b c 1 2 ok the of it's",
		"Ⅻ café naïve İstanbul straße ΣΟΦΙΑ \xff\xfe broken",
		"log in to log in log",
	}
	v := newVocab(an)
	lx := &lexicalIndex{dict: map[string]int32{}}
	for _, text := range texts {
		ids := v.split(text, nil)
		words := make([]string, len(ids))
		for i, id := range ids {
			words[i] = v.words[id].text
		}
		if want := lexical.Words(text); !slices.Equal(words, want) && len(want)+len(words) > 0 {
			t.Errorf("split(%q) = %q, want %q", text, words, want)
		}
		for _, limit := range []int{1000, 2} {
			got := v.terms(lx, ids, nil, limit, false)
			names := make([]string, len(got))
			for i, id := range got {
				for term, n := range lx.dict {
					if n == id {
						names[i] = term
					}
				}
			}
			want := an.terms(text)
			want = want[:min(len(want), limit)]
			if !slices.Equal(names, want) && len(want)+len(names) > 0 {
				t.Errorf("terms(%q, %d) = %q, want %q", text, limit, names, want)
			}
		}
	}
}

// TestPhrasalVerbsReadAsThePagesWord: an English verb and its particle are
// the one word the pages write for them (lexical.JoinPhrasal) where the
// pages write it solid at least as often as apart (readSolid), in the
// index (vocab.terms) as in a message (analyzer.terms).
func TestPhrasalVerbsReadAsThePagesWord(t *testing.T) {
	an := newAnalyzer(nil)
	g := smallHelpCenter("en",
		[2]string{"Shutdown", "Choose shutdown in the menu; a shutdown stops every app. Shut down the box before you unplug it."},
		[2]string{"Set up the printer", "Set up the printer in Settings and set up its tray. The setup asks for the driver."},
	)
	gw := newGraphWords(an, g)
	gw.v.readSolid(gw.words, gw.titles)
	an.known = gw.v
	lx := &lexicalIndex{dict: map[string]int32{}}
	tests := []struct {
		text string
		want []string
	}{
		{"Shut down the box", []string{"shutdown", "box"}},
		{"how do i shut the box down", []string{"shutdown", "box"}},
		{"shutting it down", []string{"shutdown"}},
		{"shut down the box in the menu", []string{"shutdown", "box", "menu"}},
		// The pages write "set up" more often than "setup": it stays theirs.
		{"set up the printer", []string{"set", "printer"}},
	}
	for _, tt := range tests {
		if got := an.terms(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("analyzer.terms(%q) = %q, want %q", tt.text, got, tt.want)
		}
		got := gw.v.terms(lx, gw.v.split(tt.text, nil), nil, 1000, false)
		names := make([]string, len(got))
		for i, id := range got {
			for term, n := range lx.dict {
				if n == id {
					names[i] = term
				}
			}
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("vocab.terms(%q) = %q, want %q", tt.text, names, tt.want)
		}
	}
}
