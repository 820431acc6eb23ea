package lexical

import (
	"slices"
	"testing"
)

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
		// A name from code keeps its spelling.
		{"db_column", "db_column"},
		{"max_length must be set", "max_length must be set"},
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

// TestCamelHeads: a name of run-together capitalised words gives its last
// part, the compound's head; acronyms, plain words and words joined to
// digits or other letters do not.
func TestCamelHeads(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string // whole, head, whole, head...
	}{
		{"Earning NestPoints", []string{"nestpoints", "points"}},
		{"Sync with OneDrive and iCloud.", []string{"onedrive", "drive", "icloud", "cloud"}},
		{"AdGuard for Windows", []string{"adguard", "guard"}},
		{"Install LibreOffice", []string{"libreoffice", "office"}},
		{"the StayNest's app", []string{"staynest", "nest"}},
		{"iOS and macOS, DNSCrypt", nil}, // acronyms: no head of three small letters
		{"PowerPoint2019 or ÄrgerMail", nil},
		{"Earning points", nil},
		{"WiFi", nil}, // a two-letter part is no word of its own
		{"eReader and uBlock", []string{"ereader", "reader", "ublock", "block"}},
		{"call getValue or setInterval", nil}, // identifiers, not names
	} {
		var got []string
		CamelHeads(c.in, func(whole, head string) { got = append(got, whole, head) })
		if !slices.Equal(got, c.want) {
			t.Errorf("CamelHeads(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
