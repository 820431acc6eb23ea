package page

import "github.com/PuerkitoBio/goquery"

// AsciiDoc's manual pages as HTML (asciidoc and Asciidoctor, doctype
// manpage: git's documentation, and many command-line tools'). The body
// has the class "manpage", and the NAME section, the line that says what
// the command does ("git-clean - Remove untracked files from the working
// tree"), sits in <div id="header"> beside the <h1>, outside
// <div id="content"> that the content selectors keep: the page lost the
// one line that says what it is about.

// manPagePurpose returns the text of an AsciiDoc manual page's NAME
// section, or "" when the page is no such manual page.
func manPagePurpose(gq *goquery.Document) string {
	name := gq.Find("body.manpage > #header > h2 + div.sectionbody").First()
	if name.Length() == 0 {
		return ""
	}
	return textOfNode(name.Get(0))
}
