package lexical

import (
	"slices"
	"testing"
)

func TestTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"I booked the rooms", []string{"book", "room"}},
		{"Cancelling bookings!", []string{"cancel", "book"}},
		{"Call 0570-000-123", []string{"call", "0570", "000", "123"}},
		{"what exactly does the filter do", []string{"filter"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Terms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestStem checks which words meet and which stay apart, not the stems'
// spelling: that is the stemmer's business.
func TestStem(t *testing.T) {
	same := [][]string{
		{"booking", "booked", "bookings", "book"},
		{"cancelling", "cancelled", "cancel"},
		{"approved", "approval", "approve"},
		{"policies", "policy"},
		{"family", "families"},
		{"apply", "applies", "applied"},
		{"stopped", "stop"},
	}
	for _, group := range same {
		for _, w := range group[1:] {
			if Stem(w) != Stem(group[0]) {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q: want them equal", w, Stem(w), group[0], Stem(group[0]))
			}
		}
	}
	apart := [][2]string{{"apply", "app"}, {"family", "fame"}, {"news", "new"}, {"card", "care"}}
	for _, p := range apart {
		if Stem(p[0]) == Stem(p[1]) {
			t.Errorf("Stem(%q) = Stem(%q) = %q: want them apart", p[0], p[1], Stem(p[0]))
		}
	}
	if got := Stem("2024"); got != "2024" {
		t.Errorf("Stem(2024) = %q", got)
	}
}

func TestOverlap(t *testing.T) {
	a, b := TermSet("booked by phone"), TermSet("If you booked by telephone or phone")
	if got := Overlap(a, b); got != 1 {
		t.Errorf("Overlap = %v, want 1", got)
	}
	if got := Overlap(TermSet("online guest"), b); got != 0 {
		t.Errorf("Overlap = %v, want 0", got)
	}
	if got := Overlap(nil, b); got != 0 {
		t.Errorf("Overlap(nil) = %v, want 0", got)
	}
}

func TestNormalize(t *testing.T) {
	if got := Normalize("  Call US, now!  "); got != "call us now" {
		t.Errorf("Normalize = %q", got)
	}
}

func TestCommon(t *testing.T) {
	for _, tc := range []struct {
		a, b []string
		want int
	}{
		{[]string{"a", "b", "a"}, []string{"a", "a", "a", "c"}, 2},
		{[]string{"a"}, nil, 0},
		{[]string{"x", "y"}, []string{"y", "x"}, 2},
	} {
		if got := Common(tc.a, tc.b); got != tc.want {
			t.Errorf("Common(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestArabicScriptFolded: Persian's yeh and keheh are read as Arabic's,
// alef maksura as yeh, Persian and Arabic-Indic digits as ASCII ones, and
// a zero-width non-joiner parts a Persian word as a space does.
func TestArabicScriptFolded(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"کاربری", "كاربري"},           // Persian letters, Arabic ones
		{"ساعت ۳ صبح", "ساعت 3 صبح"},   // Persian digit
		{"الساعة ٣", "الساعة 3"},       // Arabic-Indic digit
		{"مستشفى", "مستشفي"},           // alef maksura
		{"به‌روزرسانی", "به روزرسانی"}, // non-joiner
	} {
		if a, b := Normalize(tc.a), Normalize(tc.b); a != b {
			t.Errorf("Normalize(%q) = %q, Normalize(%q) = %q: want them equal", tc.a, a, tc.b, b)
		}
	}
}

// TestUnspacedScriptsInPairs: Thai, Lao, Khmer and Myanmar write no space
// between words: a run of their letters is read as overlapping pairs, as
// Chinese is, so a sentence and its words meet.
func TestUnspacedScriptsInPairs(t *testing.T) {
	m := For("th")
	sentence, words := m.Terms("ฉันจะเปลี่ยนรหัสผ่านได้อย่างไร"), m.Terms("เปลี่ยนรหัสผ่าน")
	if len(words) < 2 {
		t.Fatalf("Terms(เปลี่ยนรหัสผ่าน) = %q, want character pairs", words)
	}
	for _, w := range words {
		if !slices.Contains(sentence, w) {
			t.Errorf("pair %q of the words is not among the sentence's %q", w, sentence)
		}
	}
}
