package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestPlacedLabel: the option of "Is it about this?" for a heading that
// names no topic by itself (too few words, or other pages have it too) is
// led by its page's title; one that does, a page's introduction and a
// heading that is its page's title are not.
// Seen chatting on adguard-fr and -de: "j'ai oublié mon mot de passe" was
// asked "Is it about this? Pourquoi cela se passe-t-il", and a question
// about the internet after an update "Is it about this? Aktivität".
func TestPlacedLabel(t *testing.T) {
	url := "https://help.example.com/certs"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: url, Title: "Certificate warnings"},
			{URL: "manual.pdf#page=57", Title: "Installing", Breadcrumb: []string{"Manual", "Email Server"}},
			{URL: "manual.pdf#page=60", Title: "Spam filtering", Breadcrumb: []string{"Manual", "Email Server"}},
			{URL: "manual.pdf#page=2", Title: "Contents"},
			{URL: "cubietruck.html", Title: "Cubietruck"},
			{URL: "pine64.html", Title: "Pine A64+"},
			{URL: "deposit-1.html", Title: "Direct Deposit"},
			{URL: "deposit-2.html", Title: "Direct Deposit"}},
		Nodes: []graph.Node{
			{ID: "root", Page: url, Problem: "Certificate warnings", Resolution: "Browsers warn about certificates.", Root: true},
			{ID: "why", Page: url, Problem: "Why does this happen", Resolution: "The app filters secure traffic."},
			{ID: "activity", Page: url, Problem: "Activity", Resolution: "The activity log lists requests."},
			{ID: "firefox", Page: url, Problem: "Security risk error in Firefox", Resolution: "Firefox keeps its own certificates."},
			{ID: "same", Page: url, Problem: "Certificate warnings", Resolution: "Again."},
			{ID: "installing", Page: "manual.pdf#page=57", Problem: "Installing", Resolution: "Install the app from the Apps page.", Root: true},
			{ID: "spam", Page: "manual.pdf#page=60", Problem: "Spam filtering", Resolution: "Spam goes to the Junk folder.", Root: true},
			{ID: "contents", Page: "manual.pdf#page=2", Problem: "Contents", Resolution: "Installing, spam filtering.", Root: true},
			{ID: "cubie", Page: "cubietruck.html", Problem: "Cubietruck", Resolution: "A single-board computer.", Root: true},
			{ID: "cubie-free", Page: "cubietruck.html", Problem: "Non-Free Status", Resolution: "The Wi-Fi needs non-free firmware."},
			{ID: "pine", Page: "pine64.html", Problem: "Pine A64+", Resolution: "Another board.", Root: true},
			{ID: "pine-free", Page: "pine64.html", Problem: "Non-Free Status", Resolution: "Fully free."},
			{ID: "deposit-1", Page: "deposit-1.html", Problem: "Direct Deposit", Resolution: "Get paid into your account.", Root: true},
			{ID: "deposit-1-enroll", Page: "deposit-1.html", Problem: "Enroll in direct deposit", Resolution: "Sign in and choose Enroll."},
			{ID: "deposit-2", Page: "deposit-2.html", Problem: "Direct Deposit", Resolution: "Get paid into your account.", Root: true},
			{ID: "deposit-2-enroll", Page: "deposit-2.html", Problem: "Enroll in direct deposit", Resolution: "Sign in and choose Enroll."},
		},
	}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct{ id, want string }{
		{"why", "Certificate warnings: Why does this happen"},
		{"activity", "Certificate warnings: Activity"},
		{"firefox", "Security risk error in Firefox"},
		{"root", "Certificate warnings"},
		{"same", "Certificate warnings"},
		{"installing", "Email Server: Installing"}, // a page's own introduction, led by its section
		{"spam", "Spam filtering"},
		{"contents", "Contents"},                      // no section to lead with
		{"cubie-free", "Cubietruck: Non-Free Status"}, // a heading other pages have too
		{"pine-free", "Pine A64+: Non-Free Status"},
		{"deposit-2-enroll", "Enroll in direct deposit"}, // twin pages of one title: the title tells them apart no better
	} {
		opts := a.topicOptions([]string{tc.id})
		if len(opts) != 1 || opts[0].Label != tc.want || opts[0].Value != tc.want {
			t.Errorf("topicOptions(%s) = %+v, want label and value %q", tc.id, opts, tc.want)
		}
	}
	// The options of a clarification within a page keep their headings:
	// "About “Certificate warnings”: which part?" names the page.
	if opts := a.options([]string{"why"}); opts[0].Label != "Why does this happen" {
		t.Errorf("options(why) = %+v, want the heading alone", opts)
	}
}
