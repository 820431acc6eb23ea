package dialogue

import (
	"context"
	"strings"
	"testing"
)

// TestKanaFollowUpStaysOnThePage: a Japanese follow-up written in
// hiragana alone ("それってどうすればいいですか", how do I do that) has no
// words of its own, as "how do I do that?" has none: it goes on with the
// page being discussed. Its character pairs (どう, すれ, いい, です) read
// as terms matched other pages on adguard-ja ("iphoneで広告が消えない" ->
// "それってどうやればいいですか" was answered from the page on reporting a
// broken website) or nothing at all.
func TestKanaFollowUpStaysOnThePage(t *testing.T) {
	a := multilingualAgent(t)
	for _, msg := range []string{"それってどうすればいいですか", "それで？"} {
		s := &Session{ID: msg}
		r, err := a.Respond(context.Background(), s, "パスワードを忘れました")
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Sources) == 0 || !strings.Contains(r.Sources[0], "ja/account/password") {
			t.Fatalf("first reply %q from %v", r.Text, r.Sources)
		}
		r, err = a.Respond(context.Background(), s, msg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Sources) == 0 || !strings.Contains(r.Sources[0], "ja/account/password") {
			t.Errorf("%q: reply %q (%s) from %v, want the password page kept", msg, r.Text, r.Action, r.Sources)
		}
	}
}

func TestOnlyKana(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"それってどうやればいいですか", true},
		{"それで？", true},
		{"それはiPhoneでもできますか", false},
		{"例を見せてください", false},
		{"アプリが動かない", false},
		{"ok", false},
		{"", false},
	} {
		if got := onlyKana(tc.text); got != tc.want {
			t.Errorf("onlyKana(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
