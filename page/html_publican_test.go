package page

import (
	"strings"
	"testing"
)

// TestPublicanHTML: a page of a book Publican published (DocBook's
// stylesheets under its own generator name) is read as DocBook's: its
// chapter and section labels off the headings, and the banner above every
// page ("Download the ebook") no text of it.
func TestPublicanHTML(t *testing.T) {
	const raw = `<html><head><title>Chapter 6. Keeping the system current</title><meta name="generator" content="publican v4.3.2"></head><body>
<div id="banner"><a href="https://book.example/get/"><span class="text">Download the ebook</span></a></div>
<ul class="docnav top"><li class="previous"><a accesskey="p" href="ch5.html"><strong>Prev</strong></a></li><li class="next"><a accesskey="n" href="ch7.html"><strong>Next</strong></a></li></ul>
<div class="chapter"><div class="titlepage"><h1 class="title">Chapter 6. Keeping the system current</h1></div>
<div class="para">Updates come every week.</div>
<div class="section"><div class="titlepage"><h2 class="title">6.1. Repositories for stable users</h2></div><div class="para">Add the security repository.</div></div>
<div class="section"><div class="titlepage"><h2 class="title">6.2. Repositories for testing users</h2></div><div class="para">Add the testing repository.</div></div>
</div></body></html>`
	doc, err := ParseHTML([]byte(raw), "ch6.html")
	if err != nil {
		t.Fatal(err)
	}
	if doc.Title != "Keeping the system current" {
		t.Errorf("title %q, want it without its chapter label", doc.Title)
	}
	text := doc.Text()
	for _, chrome := range []string{"Download the ebook", "6.1.", "Chapter 6"} {
		if strings.Contains(text, chrome) {
			t.Errorf("text has %q:\n%s", chrome, text)
		}
	}
	if !strings.Contains(text, "Repositories for testing users") {
		t.Errorf("a section was lost:\n%s", text)
	}
}
