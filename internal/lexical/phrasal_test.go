package lexical

import "testing"

// solidWords is a text's words as written and their stems.
type solidWords map[string]string

func solidOf(words ...string) solidWords {
	s := solidWords{}
	for _, w := range words {
		s[w] = Stem(w)
	}
	return s
}

func (s solidWords) SolidStem(w string) (string, bool) {
	stem, ok := s[w]
	return stem, ok
}

func TestJoinPhrasal(t *testing.T) {
	tests := []struct {
		message string
		solid   []string // the words the pages write
		lang    string
		verb    int // -1: joins none
		stem    string
	}{
		{message: "how do i back up my files", solid: []string{"backup"}, verb: 3, stem: "backup"},
		{message: "i backed up everything", solid: []string{"backup"}, verb: 1, stem: "backup"},
		// A word as the pages write it, not one of its stem: "imagine"
		// stems as "imagin", "images" as "imag".
		{message: "put images in", solid: []string{"imagine"}, verb: -1},
		// Only a past or a gerund is read as its verb's stem.
		{message: "turn protection on", solid: []string{"protecton"}, verb: -1},
		{message: "collect logs in the app", solid: []string{"login"}, verb: -1},
		{message: "shutting it down", solid: []string{"shutdown"}, verb: 0, stem: "shutdown"},
		{message: "shutting down the server", solid: []string{"shutdown"}, verb: 0, stem: "shutdown"},
		// Apart from its verb, a particle that closes its clause.
		{message: "how do i shut the thing down properly", solid: []string{"shutdown"}, verb: 3, stem: "shutdown"},
		{message: "how do i shut the thing down", solid: []string{"shutdown"}, verb: 3, stem: "shutdown"},
		{message: "how do i back it up", solid: []string{"backup"}, verb: 3, stem: "backup"}, // "back" is a particle too
		{message: "start the server up so it works", solid: []string{"startup"}, verb: 0, stem: "startup"},
		// Before a noun phrase, apart from the verb, it is a preposition.
		{message: "add a new row in the table", solid: []string{"addin"}, verb: -1},
		{message: "add a new row in cells", solid: []string{"addin"}, verb: -1},
		// Too far from the verb, or another particle between.
		{message: "shut the old grey thing down", solid: []string{"shutdown"}, verb: -1},
		{message: "shut it out and down", solid: []string{"shutdown"}, verb: -1},
		// The pages lack the joined word: the particle stays a stop word.
		{message: "how do i turn off the screen", solid: []string{"turn", "screen"}, verb: -1},
		{message: "look up a word", solid: nil, verb: -1},
		// A stop word or a number is no verb.
		{message: "get up", solid: []string{"getup"}, verb: -1},
		{message: "page 2 on", solid: []string{"2on"}, verb: -1},
		// English only.
		{message: "backup up", solid: []string{"backupup"}, lang: "de", verb: -1},
	}
	for _, tt := range tests {
		m := English
		if tt.lang != "" {
			m = For(tt.lang)
		}
		words := Words(tt.message)
		stems := make([]string, len(words))
		for i, w := range words {
			stems[i] = Stem(w)
		}
		verb, stem, ok := -1, "", false
		for i := range words {
			if v, s, joined := m.JoinPhrasal(words, stems, i, solidOf(tt.solid...)); joined {
				verb, stem, ok = v, s, true
				break
			}
		}
		if tt.verb < 0 {
			if ok {
				t.Errorf("%q: joined %q as %q, want none", tt.message, words[verb], stem)
			}
			continue
		}
		if !ok || verb != tt.verb || stem != tt.stem {
			t.Errorf("%q: JoinPhrasal = %d %q %v, want %d %q", tt.message, verb, stem, ok, tt.verb, tt.stem)
		}
	}
}
