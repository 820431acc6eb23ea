package page

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestGoogleDoc reads a Google Doc downloaded as a web page: titled by its
// title paragraph (not its first heading), its headings sections below it,
// the nested list inside the item above it, the link to its target (not
// through Google's redirect), the subtitle a keyword.
func TestGoogleDoc(t *testing.T) {
	doc, err := ParseHTML(readFixture(t, filepath.Join("gdocs", "AcmeSupportFAQ.html")), "AcmeSupportFAQ.html")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "gdocs.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
	if !slices.Contains(doc.Keywords, "For the support team") {
		t.Errorf("keywords %q, want the subtitle among them", doc.Keywords)
	}
}

// TestWithoutGoogleRedirect: a link through Google's redirect leads to its
// target; any other link is left.
func TestWithoutGoogleRedirect(t *testing.T) {
	for in, want := range map[string]string{
		"https://www.google.com/url?q=https://acme.example/a%3Fb%3D1&sa=D&source=editors": "https://acme.example/a?b=1",
		"https://www.google.com/search?q=x":                                               "https://www.google.com/search?q=x",
		"https://www.google.com/url?sa=D":                                                 "https://www.google.com/url?sa=D",
		"#h.a1":                                                                           "#h.a1",
	} {
		if got := withoutGoogleRedirect(in); got != want {
			t.Errorf("withoutGoogleRedirect(%q) = %q, want %q", in, got, want)
		}
	}
}
