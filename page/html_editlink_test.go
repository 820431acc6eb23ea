package page

import (
	"strings"
	"testing"
)

// TestEditThisPageLink: the link a documentation theme puts on every page
// to its source file in the repository ("Edit this page", an icon or a line
// of its own) is chrome; a sentence's link to a file in a repository keeps
// its words.
func TestEditThisPageLink(t *testing.T) {
	const raw = `<html><head><title>Usage</title></head><body><article>
<a href="https://github.com/acme/docs/edit/main/docs/usage.md" title="Edit this page" class="md-content__button md-icon"><svg viewBox="0 0 24 24"><path d="M20 7"/></svg></a>
<h1>Usage</h1>
<p>Activate the plugin in the settings file.</p>
<p>See <a href="https://github.com/acme/docs/blob/main/examples/settings.md">the example settings</a> for every option.</p>
<div class="edit-link"><a href="https://gitlab.com/acme/docs/-/edit/main/docs/usage.md">Edit this page on GitLab</a></div>
</article></body></html>`
	doc, err := ParseHTML([]byte(raw), "https://docs.acme.example/usage.html")
	if err != nil {
		t.Fatal(err)
	}
	text := doc.Text()
	for _, chrome := range []string{"Edit this page"} {
		if strings.Contains(text, chrome) {
			t.Errorf("text has %q:\n%s", chrome, text)
		}
	}
	if !strings.Contains(text, "See [the example settings](https://github.com/acme/docs/blob/main/examples/settings.md) for every option.") {
		t.Errorf("the sentence's link was lost:\n%s", text)
	}
	if doc.Title != "Usage" || !strings.Contains(text, "Activate the plugin") {
		t.Errorf("title %q, text:\n%s", doc.Title, text)
	}
}

func TestSourceFileView(t *testing.T) {
	for _, tc := range []struct {
		url  string
		want bool
	}{
		{"https://github.com/acme/docs/edit/main/docs/usage.md", true},
		{"https://github.com/acme/docs/blob/main/docs/usage.rst", true},
		{"https://gitlab.com/acme/docs/-/blob/main/docs/usage.adoc", true},
		{"https://codeberg.org/acme/docs/src/branch/main/docs/usage.md", true},
		{"https://github.com/acme/docs/blob/main/src/main.go", false},
		{"https://github.com/acme/docs/releases", false},
		{"https://docs.acme.example/usage.md", false},
	} {
		if got := sourceFileView.MatchString(tc.url); got != tc.want {
			t.Errorf("sourceFileView(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}
