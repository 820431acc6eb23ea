package lexical

import "testing"

func TestUpperFirst(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"you booked by phone", "You booked by phone"},
		{"été", "Été"},
		{"Already", "Already"},
		// A name with a capital inside keeps its spelling (seen as the
		// option "IPhone" on the AdGuard help center).
		{"iPhone", "iPhone"},
		{"iPadOS 13 or later", "iPadOS 13 or later"},
		{"macOS settings", "macOS settings"},
		{"ipad", "Ipad"},
	} {
		if got := UpperFirst(c.in); got != c.want {
			t.Errorf("UpperFirst(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLowerFirst(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"You booked by phone", "you booked by phone"},
		{"FAQ pages", "FAQ pages"},
		{"iPhone users", "iPhone users"},
		{"I'm abroad", "I'm abroad"},
		{"Social Security number", "Social Security number"},
	} {
		if got := LowerFirst(c.in); got != c.want {
			t.Errorf("LowerFirst(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
