package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestLeanOfAnotherRequest checks the rule of a message that opens as a
// follow-up but says a request of its own (reading.opensAnother): it
// stands alone when its own words match well off the page discussed, and
// leans on the conversation otherwise. Two words of its own are a request
// of its own when the page discussed lacks one of them, and no detail.
func TestLeanOfAnotherRequest(t *testing.T) {
	yes, no := func() bool { return true }, func() bool { return false }
	opener := func(n int, edit func(*reading)) *reading {
		r := &reading{text: "also how do i w w w", terms: slices.Repeat([]string{"w"}, n), followUpForm: true, question: true}
		if edit != nil {
			edit(r)
		}
		return r
	}
	for _, tc := range []struct {
		name            string
		r               *reading
		ownGood, leaves func() bool
		lacks           bool // the page discussed lacks one of its words
		want            lean
	}{
		{"a request of its own, matching well elsewhere", opener(anotherRequest, nil), yes, yes, false, standsAlone},
		{"the longest short request", opener(shortRequest, nil), yes, yes, false, standsAlone},
		{"not a question", opener(anotherRequest, func(r *reading) { r.question = false }), yes, yes, false, standsAlone},
		{"its own words stay on the page", opener(anotherRequest, nil), yes, no, false, followsUp},
		{"its own words match nothing well", opener(anotherRequest, nil), no, yes, false, followsUp},
		{"too few words of its own", opener(anotherRequest-1, nil), yes, yes, false, followsUp},
		{"a pronoun for what was said", opener(anotherRequest, func(r *reading) { r.pronoun = true }), yes, yes, false, followsUp},
		{"a question about the answer", opener(anotherRequest, func(r *reading) { r.text, r.refersBack = "and how long does it take", true }), yes, yes, false, followsUp},
		{"no follow-up opener, matching well", opener(anotherRequest, func(r *reading) { r.followUpForm = false }), yes, yes, false, standsAlone},
		{"two words the page lacks one of", opener(2, nil), yes, yes, true, standsAlone},
		{"two words the page has", opener(2, nil), yes, yes, false, followsUp},
		{"two words the page lacks one of, matching nothing well", opener(2, nil), no, yes, true, followsUp},
		{"a detail the page lacks", opener(2, func(r *reading) { r.text, r.question = "and on android tv", false }), yes, yes, true, followsUp},
		{"one word the page lacks", opener(1, nil), yes, yes, true, followsUp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lacks := func() bool { return tc.lacks }
			if got := leanOf(tc.r, true, true, tc.ownGood, no, tc.leaves, lacks); got != tc.want {
				t.Errorf("leanOf = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestAnotherRequestAfterOpener: "thanks. also how do i set up an out of
// office reply?" after the answer on signatures is a request of its own
// (seen on Evolution's help, whose out-of-office reply is a section of
// the page on Exchange accounts). Leaning on the signatures page, which
// has two of its words, it was asked about the section on an account's
// default signature ("Is it about this?"); asked first, it was answered.
// A short follow-up with an opener still leans on the page.
func TestAnotherRequestAfterOpener(t *testing.T) {
	g := graphOfFiles(t, map[string]string{
		"signatures.md": "# Signatures\n\nA signature is text added at the end of every message you write.\n\n## Add a signature\n\nChoose Edit, Preferences, Signatures, click Add and type the text.\n\n## Signatures in HTML\n\nIn the signature editor, choose HTML to add pictures and links to a signature.\n\n## Default signature of an account\n\nSet up the signature each account adds to a new message or a reply in the account's settings.\n",
		"exchange.md":   "# Exchange accounts\n\nAn Exchange account has settings of its own.\n\n## Out of Office\n\nDefine the reply sent automatically to everyone who writes while you are away.\n\n## Delegates\n\nLet another person read and send mail for you.\n",
		"filters.md":    "# Filters\n\nA filter moves incoming messages to a folder. Choose Message, Create Rule, and set the conditions and the folder.\n",
		"accounts.md":   "# Accounts\n\nAdd a mail account with Edit, Accounts, Add. Each account has its own settings for sending and receiving.\n",
		"folders.md":    "# Folders\n\nCreate a folder with Folder, New. Drag messages to move them into it.\n",
		"search.md":     "# Search messages\n\nType in the search box above the message list to find messages by sender or subject.\n",
	})
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		name string
		msgs []string
		page string // of the last reply
	}{
		{"another request after an opener", []string{"how do i add a signature to my mails", "thanks. also how do i set up an out of office reply?"}, "exchange.md"},
		{"a short follow-up after an opener", []string{"how do i add a signature to my mails", "and in html?"}, "signatures.md"},
		{"two words the page never says after an opener", []string{"how do i add a signature to my mails", "ok and what is an out of office reply"}, "exchange.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Session{}
			var r Reply
			for _, m := range tc.msgs {
				var err error
				if r, err = a.Respond(context.Background(), s, m); err != nil {
					t.Fatal(err)
				}
			}
			if r.Action != Resolution || len(r.Sources) == 0 || !strings.HasSuffix(r.Sources[0], tc.page) {
				t.Errorf("%q: %s %q from %v, want an answer from %s", tc.msgs[len(tc.msgs)-1], r.Action, r.Text, r.Sources, tc.page)
			}
		})
	}
}
