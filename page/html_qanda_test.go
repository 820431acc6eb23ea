package page

import (
	"strings"
	"testing"
)

// TestDocBookQandaHTML: an FAQ as DocBook's stylesheets write it (the
// list of questions, then a layout table of group, question and answer
// rows) is read as the XML reader reads a qandaset: each question a
// heading over its answer, without its number, and no list of questions
// before them.
func TestDocBookQandaHTML(t *testing.T) {
	const raw = `<html><head><title>Acme FAQ</title><meta name="generator" content="DocBook XSL Stylesheets V1.79.1"></head><body>
<div class="article"><div class="titlepage"><h1 class="title">Acme FAQ</h1></div>
<div class="qandaset"><dl><dt>1. <a href="faq.html#setup">Setting up</a></dt>
<dd>1.1. <a href="faq.html#q-disk">Which disk does Acme back up to?</a></dd>
<dd>1.2. <a href="faq.html#q-hour">Can I change the hour of the backup?</a></dd></dl>
<table summary="Q and A Div" border="0">
<tr class="qandadiv"><td colspan="2"><h3 class="title">1. Setting up</h3></td></tr>
<tr class="toc"><td colspan="2">1.1. <a href="faq.html#q-disk">Which disk does Acme back up to?</a><br></td></tr>
<tr><td colspan="2"> </td></tr>
<tr class="question"><td><b>1.1.</b></td><td><b>Which disk does Acme back up to?</b></td></tr>
<tr class="answer"><td></td><td><p>The first external disk you plug in.</p></td></tr>
<tr class="question"><td><b>1.2.</b></td><td><b>Can I change the hour of the backup?</b></td></tr>
<tr class="answer"><td></td><td><p>Yes: choose Settings, then Schedule.</p></td></tr>
</table></div></div></body></html>`
	doc, err := ParseHTML([]byte(raw), "faq.html")
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for _, b := range doc.Blocks {
		if b.Kind == Heading {
			headings = append(headings, b.Text)
		}
	}
	want := []string{"Acme FAQ", "Setting up", "Which disk does Acme back up to?", "Can I change the hour of the backup?"}
	if strings.Join(headings, " | ") != strings.Join(want, " | ") {
		t.Errorf("headings %q, want %q", headings, want)
	}
	text := doc.Text()
	if strings.Count(text, "Which disk does Acme back up to?") != 1 || strings.Contains(text, "1.1.") {
		t.Errorf("the list of questions or their numbers stayed:\n%s", text)
	}
	if !strings.Contains(text, "Yes: choose Settings, then Schedule.") {
		t.Errorf("an answer was lost:\n%s", text)
	}
}

// TestDocBookQandaListWithAnswers: a list in a qandaset that says more
// than its links (a style that writes the entries as a description list)
// is the FAQ itself, and kept.
func TestDocBookQandaListWithAnswers(t *testing.T) {
	const raw = `<html><head><title>Acme FAQ</title><meta name="generator" content="DocBook XSL Stylesheets V1.79.1"></head><body>
<div class="qandaset"><dl><dt>1.1. Which disk does Acme back up to?</dt><dd><p>The first external disk you plug in.</p></dd></dl></div></body></html>`
	doc, err := ParseHTML([]byte(raw), "faq.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc.Text(), "The first external disk you plug in.") {
		t.Errorf("the answers were dropped:\n%s", doc.Text())
	}
}
