package page

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

var update = flag.Bool("update", false, "rewrite golden files")

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestParseHTML(t *testing.T) {
	const base = "https://acme.example/help/page.html"
	tests := []struct {
		file      string
		wantURL   string
		wantTitle string
		wantText  string
	}{
		{
			file:      "chrome.html",
			wantURL:   base,
			wantTitle: "Reset your password | Acme Help",
			wantText: "# Reset your password\n" +
				"Open the sign-in page and choose Forgot password.",
		},
		{
			file:      "lists.html",
			wantURL:   base,
			wantTitle: "Lists",
			wantText: "1. Open the app\n" +
				"  - On iOS, tap Settings\n" +
				"  - On Android, tap the menu\n" +
				"    1. Then Settings\n" +
				"1. Choose a plan. Confirm it.\n" +
				"- Before\n" +
				"  - inner\n" +
				"  after the nested list", // the item's own text, not another item
		},
		{
			file:      "table.html",
			wantURL:   base,
			wantTitle: "Fees",
			wantText: "Change fees\n" +
				"| Fare | Fee | Notes |\n" +
				"| Basic | $20 | See [basic fares](https://acme.example/fees/basic) |\n" +
				"| Flex | free |  |\n" +
				"## Layout table\n" +
				"Content laid out in a table.\n" +
				"Second column.\n" +
				"Refund\n" +
				"Money paid back to your card.\n" +
				"Credit\n" +
				"A voucher for a later trip.\n" +
				"Refunds take 5 to 7 days.",
		},
		{
			file:      "untidy.html",
			wantURL:   base,
			wantTitle: "Reservations",
			wantText: "Text directly in a div.\n" +
				"Online reservation as guest user: open the link in your confirmation email.\n" +
				"Online reservation with an account: sign in and open My trips.\n" +
				"Second line after a br.\n" +
				"Loose span text\n" +
				"- Stray item one\n" +
				"- Stray item two\n" +
				"Call [+1 555 1234](tel:+15551234), write to [help@acme.example](mailto:help@acme.example), or chat. " +
				"See fees below and [the other page](https://acme.example/help/other.html), " +
				"[the guide](https://cdn.acme.example/guide.pdf) and [up](https://acme.example/up.html).",
		},
		{
			file:      "canonical.html",
			wantURL:   "https://help.acme.example/en/articles/42",
			wantTitle: "Canonical",
			// Links resolve against where the page was fetched from.
			wantText: "A page with a [sibling link](https://acme.example/help/sibling).",
		},
		{
			file:      "basehref.html",
			wantURL:   base,
			wantTitle: "Base",
			wantText:  "See [setup](https://docs.acme.example/v2/setup.html).",
		},
		{
			file:      "h1title.html",
			wantURL:   base,
			wantTitle: "Cancel a trip",
			wantText:  "# Cancel a [trip](https://acme.example/trips)\nBody text.",
		},
		{
			file:      "svgtitle.html",
			wantURL:   base,
			wantTitle: "Real heading",
			wantText:  "# Real heading\nText.",
		},
		{
			file:      "notitle.html",
			wantURL:   base,
			wantTitle: "Only a third-level heading",
			wantText:  "### Only a third-level heading\nText.",
		},
		{
			file:      "latin1.html",
			wantURL:   base,
			wantTitle: "Café",
			wantText:  "Crème brûlée € 5 “quoted”",
		},
		{
			file:      "undeclared1252.html",
			wantURL:   base,
			wantTitle: "Undeclared",
			wantText:  "Naïve résumé",
		},
		{
			file:      "badutf8.html",
			wantURL:   base,
			wantTitle: "Bad bytes",
			wantText:  "café and a stray \uFFFD byte",
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			raw := readFixture(t, filepath.Join("clean", tt.file))
			doc, err := ParseHTML(raw, base)
			if err != nil {
				t.Fatalf("ParseHTML: %v", err)
			}
			if doc.URL != tt.wantURL {
				t.Errorf("URL = %q, want %q", doc.URL, tt.wantURL)
			}
			if doc.Title != tt.wantTitle {
				t.Errorf("Title = %q, want %q", doc.Title, tt.wantTitle)
			}
			if got := doc.Text(); got != tt.wantText {
				t.Errorf("Text() =\n%s\nwant\n%s", got, tt.wantText)
			}
			sum := sha256.Sum256(raw)
			if doc.ContentHash != hex.EncodeToString(sum[:]) {
				t.Errorf("ContentHash = %q, want sha256 of raw", doc.ContentHash)
			}
		})
	}
}

func TestParseHTMLErrors(t *testing.T) {
	tests := []struct {
		name string
		raw  []byte
		want error
	}{
		{"chrome only", readFixture(t, "clean/notext.html"), ErrNoText},
		{"empty", nil, ErrNoText},
		{"whitespace body", []byte("<p> &nbsp; </p>"), ErrNoText},
		{"unsupported charset", []byte(`<meta charset="x-no-such-charset"><p>x</p>`), ErrCharset},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML(tt.raw, "https://acme.example/")
			if !errors.Is(err, tt.want) {
				t.Fatalf("ParseHTML error = %v, want %v", err, tt.want)
			}
			if doc != nil {
				t.Errorf("ParseHTML returned a document with error %v", err)
			}
		})
	}
}

func TestParseHTMLBlocks(t *testing.T) {
	raw := []byte(`<title>T</title><h2>Steps <a href="a.html">here</a></h2>
<ol><li>One <a href="/x">x</a><ol><li>Sub</li></ol></li></ol>
<table><tr><th>K</th><th>V</th></tr><tr><td>k</td><td><a href="https://other.example/v">v</a></td></tr></table>`)
	doc, err := ParseHTML(raw, "https://acme.example/help/")
	if err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{Kind: Heading, Level: 2, Text: "Steps [here](https://acme.example/help/a.html)",
			Links: []Link{{Text: "here", URL: "https://acme.example/help/a.html"}}},
		{Kind: ListItem, Depth: 1, Ordered: true, Text: "One [x](https://acme.example/x)",
			Links: []Link{{Text: "x", URL: "https://acme.example/x"}}},
		{Kind: ListItem, Depth: 2, Ordered: true, Text: "Sub"},
		{Kind: TableRow, Text: "K | V"},
		{Kind: TableRow, Text: "k | [v](https://other.example/v)",
			Links: []Link{{Text: "v", URL: "https://other.example/v"}}},
	}
	if !reflect.DeepEqual(doc.Blocks, want) {
		t.Errorf("Blocks =\n%#v\nwant\n%#v", doc.Blocks, want)
	}
}

func TestParseHTMLLinkEscaping(t *testing.T) {
	raw := []byte(`<p>See <a href="/wiki/Fee_(travel)">fees [EU]</a>.</p>`)
	doc, err := ParseHTML(raw, "https://acme.example/")
	if err != nil {
		t.Fatal(err)
	}
	want := `See [fees \[EU\]](https://acme.example/wiki/Fee_%28travel%29).`
	if got := doc.Blocks[0].Text; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	if got := doc.Blocks[0].Links[0].URL; got != "https://acme.example/wiki/Fee_(travel)" {
		t.Errorf("Links[0].URL = %q, want the unescaped URL", got)
	}
}

func TestParseHTMLPage(t *testing.T) {
	raw := []byte(`<html><head><meta name="robots" content="noindex, nofollow">
<meta http-equiv="Refresh" content="5; URL='/help/moved'"></head><body>
<nav><a href="/help/a">A</a> <a href="b#frag">B</a> <a href="mailto:x@y.z">mail</a> <a href="/help/a">A again</a></nav>
</body></html>`)
	p, err := ParseHTMLPage(raw, "https://acme.example/help/", "text/html; charset=utf-8")
	if !errors.Is(err, ErrNoText) {
		t.Fatalf("error = %v, want ErrNoText", err)
	}
	if p == nil || p.Document != nil {
		t.Fatalf("page = %+v, want links and no document", p)
	}
	wantHrefs := []string{"https://acme.example/help/a", "https://acme.example/help/b", "https://acme.example/help/moved"}
	if !reflect.DeepEqual(p.Hrefs, wantHrefs) {
		t.Errorf("Hrefs = %q, want %q", p.Hrefs, wantHrefs)
	}
	if !p.NoIndex || !p.NoFollow {
		t.Errorf("NoIndex, NoFollow = %v, %v, want true, true", p.NoIndex, p.NoFollow)
	}
}

func TestParseHTMLContentTypeCharset(t *testing.T) {
	// The header's charset wins over the page's wrong declaration.
	raw := []byte("<meta charset=utf-8><p>Gr\xfc\xdfe</p>")
	p, err := ParseHTMLPage(raw, "https://acme.example/", "text/html; charset=ISO-8859-1")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Document.Text(); got != "Grüße" {
		t.Errorf("Text() = %q, want %q", got, "Grüße")
	}
}

func TestParseHTMLGolden(t *testing.T) {
	raw := readFixture(t, "messy.html")
	doc, err := ParseHTML(raw, "https://help.wayfare.example/hc/en-us/articles/360001234")
	if err != nil {
		t.Fatal(err)
	}
	got := "URL: " + doc.URL + "\nTitle: " + doc.Title + "\nBreadcrumb: " + strings.Join(doc.Breadcrumb, " > ") + "\n\n" + doc.Text() + "\n"
	checkGolden(t, "messy.golden", got)
}

// xmlCase is a source and the text a reader makes of it.
type xmlCase struct{ name, src, want string }

// checkXMLReader checks that parse reads each case's source into its
// text, and refuses each source of bad with an error of kind.
func checkXMLReader(t *testing.T, parse func(raw []byte) (*Document, error), kind error, cases []xmlCase, bad map[string]string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := parse([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Text(); got != tc.want {
				t.Errorf("text:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
	for name, src := range bad {
		if _, err := parse([]byte(src)); !errors.Is(err, kind) {
			t.Errorf("%s: err %v, want %v", name, err, kind)
		}
	}
}

// checkDirGolden compares the pages ReadDir reads from testdata/dir
// (none failing), each its address, title, language, breadcrumb, keywords
// and text, with testdata/golden.
func checkDirGolden(t *testing.T, dir, golden string) {
	t.Helper()
	docs, failed, err := ReadDir(context.Background(), filepath.Join("testdata", dir), ReadOptions{})
	if err != nil || len(failed) > 0 {
		t.Fatalf("ReadDir: %v, failed %v", err, failed)
	}
	var b strings.Builder
	for _, d := range docs {
		b.WriteString("== " + d.URL + "\nTitle: " + d.Title + "\nLanguage: " + d.Lang + "\nBreadcrumb: " + strings.Join(d.Breadcrumb, " › ") + "\nKeywords: " + strings.Join(d.Keywords, "; ") + "\n\n" + d.Text() + "\n\n")
	}
	checkGolden(t, golden, b.String())
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestNameWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"mainMenu skip-link", []string{"main", "menu", "skip", "link"}},
		{"article__body", []string{"article", "body"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := nameWords(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("nameWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestChromeWrapperKept(t *testing.T) {
	// A chrome-looking class on a wrapper of the whole page must not drop it.
	raw := []byte(`<body><div class="page has-sidebar"><form id="aspnetForm"><h1>Title</h1><p>Body.</p></form></div></body>`)
	doc, err := ParseHTML(raw, "https://acme.example/")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := doc.Text(), "# Title\nBody."; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
}

// TestSectionNamedAsChrome: a heading, or a section, whose id is made from
// the heading's words is read, though the heading has a word of page chrome
// in it; a part named for what it is stays chrome, whatever its heading.
func TestSectionNamedAsChrome(t *testing.T) {
	const text = "Filter on the fields of a related model."
	tests := []struct {
		name, body, want string
		kept             bool
	}{
		{"Sphinx section", `<section id="s-queries-over-related-objects"><span id="queries-over-related-objects"></span><h2>Queries over related objects<a class="headerlink" href="#queries-over-related-objects">¶</a></h2><p>` + text + `</p></section>`, text, true},
		{"old Sphinx section", `<div class="section" id="language-cookie"><h3>Language cookie</h3><p>` + text + `</p></div>`, text, true},
		{"Sphinx section of a module", `<div class="section" id="s-module-acme.fields.related"><span id="s-relationship-fields"></span><span id="relationship-fields"></span><h2>Relationship fields</h2><p>` + text + `</p></div>`, text, true},
		{"yelp's section", `<section id="customize-files-search"><div class="inner"><div class="hgroup pagewide"><h2 class="title"><span class="title">Customize files search</span></h2></div><div class="region"><div class="contents pagewide"><p class="p">` + text + `</p></div></div></div></section>`, text, true},
		{"a heading with more words", `<div id="Comments"><h3>Comments in Acme Scripts</h3><p>` + text + `</p></div>`, text, true},
		{"Markdown heading", `<h2 id="sharing-a-folder">Sharing a folder</h2><p>` + text + `</p>`, "## Sharing a folder", true},
		{"Asciidoctor heading", `<div class="sect2"><h3 id="_search_the_archive">Search the archive</h3><div class="paragraph"><p>` + text + `</p></div></div>`, "### Search the archive", true},
		{"Sphinx note named by its title", `<div class="admonition-you-can-t-share-pickles-between-versions admonition"><p class="first admonition-title">You can't share pickles between versions</p><p class="last">` + text + `</p></div>`, text, true},
		{"a heading in capitals", `<div class="section" id="s-samesite-cookies"><span id="samesite-cookies"></span><h3>SameSite cookies</h3><p>` + text + `</p></div>`, text, true},
		{"an anchor written as XML", `<div class="section"><h3>The pager</h3><a id="_the_pager"/><p>` + text + `</p></div>`, text, true},
		{"a note styled as a sidebar", `<div class="note note-sidebar"><div class="inner"><p>` + text + `</p></div></div>`, text, true},
		{"a skip link", `<p><a id="skip-link" href="#main">Skip to the content of this page and read the article</a></p>`, "Skip to the content", false},
		{"sidebar", `<div id="sidebar"><h3>Related articles</h3><p>` + text + `</p></div>`, text, false},
		{"the site's tagline", `<div class="tagline desktoponly">Small. Fast. Reliable.<br>Choose any three.</div><p>` + text + `</p>`, "Choose any three", false},
		{"comment thread", `<div id="comments"><h2>3 thoughts on “Filters”</h2><p>` + text + `</p></div>`, text, false},
		{"text before the heading", `<div id="related-links"><p>` + text + `</p><h3>Related links</h3></div>`, text, false},
		{"a contents heading", `<h2 id="toc">Contents</h2><p>` + text + `</p>`, "Contents", false},
		{"docutils' link back to the contents", `<section id="how-do-i-copy-a-file"><h3><a class="toc-backref" href="#id4" role="doc-backlink">How do I copy a file?</a><a class="headerlink" href="#how-do-i-copy-a-file">¶</a></h3><p>` + text + `</p></section>`, "How do I copy a file?", true},
		{"Sphinx target on a paragraph", `<p id="std-fieldlookup-search">` + text + `</p>`, text, true},
		{"Sphinx target on a term", `<dl class="std setting"><dt class="sig sig-object std" id="std-setting-SESSION_COOKIE_AGE">SESSION_COOKIE_AGE</dt><dd><p>` + text + `</p></dd></dl>`, "SESSION_COOKIE_AGE", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := "<html><body><h1>Making queries</h1><p>Querysets read the database.</p>" + tt.body + "</body></html>"
			doc, err := ParseHTML([]byte(raw), "https://acme.example/queries.html")
			if err != nil {
				t.Fatal(err)
			}
			if kept := strings.Contains(doc.Text(), tt.want); kept != tt.kept {
				t.Errorf("%q kept %v, want %v:\n%s", tt.want, kept, tt.kept, doc.Text())
			}
		})
	}
}

func TestParseHTMLContentRoot(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"main wins", `<p>outside</p><main><p>inside main</p></main><article><p>article</p></article>`, "inside main"},
		{"role main", `<p>outside</p><div role="main"><p>inside</p></div>`, "inside"},
		{"largest article", `<article><p>short</p></article><article><p>the longer article text</p></article>`, "the longer article text"},
		{"content class", `<p>x</p><div class="article-body"><p>body of the article, long enough to count</p></div>`, "body of the article, long enough to count"},
		{"teaser article is not the page", `<div><p>The real content of this page is not in an article element at all.</p></div><article><p>Teaser</p></article>`,
			"The real content of this page is not in an article element at all.\nTeaser"},
		{"content is a table", `<p>x</p><table class="content"><tr><td>a</td><td>b</td></tr></table>`, "| a | b |"},
		{"empty main falls back to body", `<main> </main><p>body text</p>`, "body text"},
		{"content by its id", `<div id="page-header"><p class="apache">Acme Server Version 2.4</p></div><div id="path"><a href="https://acme.example/">Acme</a> &gt; <a href="https://acme.example/docs/">Documentation</a></div><div id="page-content"><p>The server answers errors with its own pages unless you give it yours.</p></div>`,
			"The server answers errors with its own pages unless you give it yours."},
		{"the page's other languages", `<div class="toplang"><p><span>Available Languages: </span><a href="../en/errors.html" title="English">en</a> | <a href="../es/errors.html" hreflang="es" rel="alternate">es</a> | <a href="../fr/errors.html" hreflang="fr" rel="alternate">fr</a></p></div><p>Give the server your own error pages.</p>`,
			"Give the server your own error pages."},
		{"a sentence naming a translation stays", `<p>This guide is also <a href="../es/guide.html" hreflang="es">in Spanish</a> and <a href="../fr/guide.html" hreflang="fr">in French</a>, kept up to date by volunteers.</p>`,
			"This guide is also [in Spanish](https://acme.example/es/guide.html) and [in French](https://acme.example/fr/guide.html), kept up to date by volunteers."},
		{"svg title is not text", `<p>Print <svg><title>printer icon</title></svg> it.</p>`, "Print it."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte("<html><body>"+tt.body+"</body></html>"), "https://acme.example/")
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Text(); got != tt.want {
				t.Errorf("Text() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseHTMLPermalinks(t *testing.T) {
	raw := []byte(`<h2 id="s">Setup<a class="headerlink" href="#s">¶</a></h2><p><a href="#top">Back to top</a> <a href="#">#</a></p>`)
	doc, err := ParseHTML(raw, "https://acme.example/")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := doc.Text(), "## Setup\nBack to top"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
}

func TestPageErrorJSON(t *testing.T) {
	b, err := json.Marshal([]PageError{{URL: "a.html", Err: ErrNoText}, {URL: "b.html"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"url":"a.html","error":"page has no text"},{"url":"b.html","error":""}]`; string(b) != want {
		t.Errorf("JSON = %s, want %s", b, want)
	}
}

func FuzzParseHTML(f *testing.F) {
	for _, name := range []string{"messy.html", "clean/untidy.html", "clean/lists.html", "clean/table.html", "clean/latin1.html", "docbook.html", "sphinx.html", "xhphelp.html"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte("<ul><li><ol><li><table><tr><td><a href='%'>x</a>"))
	f.Add([]byte(texinfoPage("makeinfo", "header", "copiable-anchor", "Top (Acme)", "<h1>1 Acme ANCHOR</h1><p>Text.</p>")))
	// A manual page's header, a section named by its slug, an XML anchor.
	f.Add([]byte(`<body class="manpage"><div id="header"><h1>acme(1)</h1><h2>NAME</h2><div class="sectionbody"><p>acme - sweep</p></div></div><div id="content"><section id="s-related-search"><span id="x"></span><h2>Related search</h2><a id="_menu"/><p>Text.</p></section></div></body>`))
	// Bold labels over an answer, a titled note, a Persian word with its
	// non-joiner beside a bidirectional override.
	f.Add([]byte("<h1>FAQ</h1><p><b>(1) How do I list tables</b></p><blockquote><p>Type .tables.</p></blockquote><div class=\"note\"><p class=\"title\"><strong>TIP</strong></p><p>Split.</p></div><p>After.</p><p>\u0645\u06cc\u200c\u202e\u062a\u0648\u0627\u0646\u062f</p>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := ParseHTML(raw, "https://acme.example/dir/page.html")
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

// checkCleanDocument fails t unless doc, whatever page it was read from,
// is what a reader promises: valid UTF-8 text and title, and blocks of
// one line each with something in them.
func checkCleanDocument(t *testing.T, doc *Document) {
	t.Helper()
	if !utf8.ValidString(doc.Text()) || !utf8.ValidString(doc.Title) {
		t.Fatalf("text is not valid UTF-8: %q", doc.Text())
	}
	for _, b := range doc.Blocks {
		if strings.TrimSpace(b.Text) == "" || strings.Contains(b.Text, "\n") {
			t.Fatalf("block %+v is empty or spans lines", b)
		}
	}
}

// TestParseHTMLHostile covers pages that try to mislead what the chat shows.
func TestParseHTMLHostile(t *testing.T) {
	tests := []struct {
		name      string
		raw       string
		want      string   // in the document text
		wantNot   []string // not in it
		wantLinks int
	}{
		{
			name:    "bidi overrides",
			raw:     "<p>Call \u202eelbat\u202c us at \u2066555\u2069 today</p>",
			want:    "Call elbat us at 555 today",
			wantNot: []string{"\u202e", "\u202c", "\u2066", "\u2069"},
		},
		{
			name:    "literal markdown link in text",
			raw:     `<p>Pay at [our site](https://evil.example/pay) now, or see <a href="/help">help</a>.</p>`,
			want:    "Pay at [our site] (https://evil.example/pay) now, or see [help](https://acme.example/help).",
			wantNot: []string{"](https://evil"},
			// only the real link
			wantLinks: 1,
		},
		{
			name:      "literal link split over elements",
			raw:       `<p>See [x]<b>(https://evil.example/)</b> please</p>`,
			wantNot:   []string{"](https://evil"},
			wantLinks: 0,
		},
		{
			name:      "literal link in pre",
			raw:       "<pre>[x](https://evil.example/)</pre>",
			wantNot:   []string{"](https://evil"},
			wantLinks: 0,
		},
		{
			name:      "private-use mark in page text",
			raw:       "<p>[x]\ue000(https://evil.example/) and <a href=\"/a\">a]\ue000(b</a></p>",
			wantNot:   []string{"](https://evil", "](b"},
			wantLinks: 1,
		},
		{
			name:      "javascript base",
			raw:       `<html><head><base href="javascript:alert(1)//"></head><body><p>Open <a href="settings">settings</a> now.</p></body></html>`,
			want:      "Open [settings](https://acme.example/help/settings) now.",
			wantNot:   []string{"javascript", "alert"},
			wantLinks: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte(tt.raw), "https://acme.example/help/page")
			if err != nil {
				t.Fatal(err)
			}
			text := doc.Text()
			if tt.want != "" && !strings.Contains(text, tt.want) {
				t.Errorf("text %q lacks %q", text, tt.want)
			}
			for _, w := range tt.wantNot {
				if strings.Contains(text, w) {
					t.Errorf("text %q contains %q", text, w)
				}
			}
			if got := len(doc.Links()); got != tt.wantLinks {
				t.Errorf("links = %v, want %d", doc.Links(), tt.wantLinks)
			}
		})
	}
}

func TestDecodeUTF16WithoutBOMAndBinary(t *testing.T) {
	page := "<html><head><title>Refunds</title></head><body><p>Ask for a refund within 14 days.</p></body></html>"
	le := make([]byte, 0, 2*len(page))
	be := make([]byte, 0, 2*len(page))
	for _, c := range []byte(page) {
		le = append(le, c, 0)
		be = append(be, 0, c)
	}
	for name, raw := range map[string][]byte{"utf-16le": le, "utf-16be": be} {
		doc, err := ParseHTML(raw, "https://acme.example/")
		if err != nil {
			t.Fatalf("%s without BOM: %v", name, err)
		}
		if doc.Title != "Refunds" || !strings.Contains(doc.Text(), "Ask for a refund within 14 days.") {
			t.Errorf("%s without BOM: title %q, text %q", name, doc.Title, doc.Text())
		}
	}

	// Random bytes, a PNG and a gzip file saved as .html are not pages.
	rnd := make([]byte, 4096)
	for i := range rnd {
		rnd[i] = byte(i*7919 + i*i*31 + 13) // fixed "random" bytes
	}
	for name, raw := range map[string][]byte{
		"random": rnd,
		"png":    append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), rnd[:200]...),
		"gzip":   append([]byte("\x1f\x8b\x08\x00"), rnd[:200]...),
	} {
		if doc, err := ParseHTML(raw, "https://acme.example/"); !errors.Is(err, ErrBinary) {
			t.Errorf("%s: ParseHTML = %v, %v; want ErrBinary", name, doc, err)
		}
	}

	// A Shift_JIS page decodes now that every WHATWG charset is supported.
	doc, err := ParseHTML(readFixture(t, "clean/sjis.html"), "https://acme.example/")
	if err != nil || !strings.Contains(doc.Text(), "あ") {
		t.Errorf("Shift_JIS page: %v, %v", doc, err)
	}
}

// TestParseHTMLNotes: a note that opens a section (yelp's note, a tip, an
// "important" one) is written after the section's own text; a warning keeps
// its place, and so does a note inside a list item or after the text.
func TestParseHTMLNotes(t *testing.T) {
	raw := readFixture(t, "notes.html")
	doc, err := ParseHTML(raw, "help/power-lid.html")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "notes.golden", doc.Text()+"\n")
}

// TestParseHTMLDocBook reads a page of DocBook's chunked HTML: the
// navigation header and footer and the report-a-bug links are dropped, a
// figure that is only an image goes with its caption, a note's label and
// icon go and its text stays, menu names marked up in a sentence stay, and
// the section numbers leave the titles.
func TestParseHTMLDocBook(t *testing.T) {
	raw := readFixture(t, "docbook.html")
	doc, err := ParseHTML(raw, "layer-merge.html")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "docbook.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
	for _, l := range doc.Links() {
		if l.URL != "" && !strings.Contains(l.URL, "#") && strings.Contains(l.URL, "layer-") {
			t.Errorf("navigation link %q kept", l.URL)
		}
	}
}

// TestParseHTMLSphinx reads a page of Sphinx's HTML (the basic theme): the
// related bar, the sidebar (its table of contents, previous and next topic,
// source link and quick search) and the footer are dropped, as are the ¶
// permalinks of headings and definitions and the "[source]" link beside a
// documented function; the icon-font glyphs of a tab label go, the code,
// notes, warnings and version notes stay.
func TestParseHTMLSphinx(t *testing.T) {
	raw := readFixture(t, "sphinx.html")
	doc, err := ParseHTML(raw, "topics/email.html")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "sphinx.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
	for _, b := range doc.Blocks {
		code := strings.HasPrefix(b.Text, "from ") || strings.HasPrefix(b.Text, "send_mail('") || strings.HasPrefix(b.Text, "$ ")
		if b.Code != code {
			t.Errorf("block %q: Code = %v, want %v (the lines of a <pre> only)", b.Text, b.Code, code)
		}
	}
	for _, l := range doc.Links() {
		if strings.Contains(l.URL, "_modules/") || strings.Contains(l.URL, "_sources/") ||
			strings.Contains(l.URL, "logging") || strings.Contains(l.URL, "caching") {
			t.Errorf("navigation or source link %q kept", l.URL)
		}
	}
}

// TestParseHTMLSphinxGenerated: the pages a Sphinx build generates for
// navigation (its indexes, search page and source listings) are recognised
// by their structure and read as ErrGenerated, a kind of ErrNoText; a page
// with a search widget of its own is read.
func TestParseHTMLSphinxGenerated(t *testing.T) {
	const head = `<html><head><title>T</title>%s</head><body><div class="body" role="main"><h1>%s</h1>%s</div></body></html>`
	tests := []struct {
		name, head, h1, body string
		generated            bool
	}{
		{"general index", "", "Index", `<table class="indextable genindextable"><tr><td><ul><li><a href="ref/models.html#x">add() (Manager method)</a></li></ul></td></tr></table>`, true},
		{"module index", "", "Python Module Index", `<table class="indextable modindextable"><tr><td><a href="ref/mail.html"><code>example.mail</code></a></td><td><em>Sending email.</em></td></tr></table>`, true},
		{"source listing", "", "Source code for example.mail", `<div class="highlight"><pre><div class="viewcode-block" id="send_mail"><a class="viewcode-back" href="../../topics/email.html#send_mail">[docs]</a>def send_mail(subject, message):
    pass</div></pre></div>`, true},
		{"DocBook's index", "", "Index", `<div class="index"><div class="indexdiv"><h3>A</h3><dl><dt>autovacuum, <a class="indexterm" href="routine-vacuuming.html#AUTOVACUUM">The Autovacuum Daemon</a></dt></dl></div></div>`, true},
		{"a section named index", "", "Indexes", `<div class="index"><p>An index speeds up reading a table, and slows down writing it.</p></div>`, false},
		{"search page", `<script src="searchindex.js" defer></script>`, "Search", `<p>Searching for multiple words only shows matches that contain all words.</p><form action="" method="get"><input type="text" name="q"></form><div id="search-results"></div>`, true},
		{"results box without Sphinx's search index", "", "Sending email", `<p>Mail is sent through the SMTP server named in your settings.</p><div id="search-results"></div>`, false},
		{"a page", "", "Sending email", `<p>Mail is sent through the SMTP server named in your settings.</p><table class="docutils"><tr><td>EMAIL_HOST</td><td>localhost</td></tr></table>`, false},
		// A redirect written where a page was (Hugo's aliases,
		// mkdocs-redirects): no page; one that reloads the page itself or
		// moves on after a while is a page.
		{"redirect", `<meta http-equiv="refresh" content="0; url=../email/">`, "Redirecting", `<p>Redirecting to <a href="../email/">../email/</a>…</p>`, true},
		{"redirect in quotes", `<meta http-equiv="Refresh" content=" 0 ;URL='../email/'">`, "Redirecting", `<p>This page has moved.</p>`, true},
		{"reloading page", `<meta http-equiv="refresh" content="300">`, "Sending email", `<p>Mail is sent through the SMTP server named in your settings.</p>`, false},
		{"page moving on later", `<meta http-equiv="refresh" content="10; url=../email/">`, "Sending email", `<p>Mail is sent through the SMTP server named in your settings.</p>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := fmt.Sprintf(head, tt.head, tt.h1, tt.body)
			doc, err := ParseHTML([]byte(raw), "p.html")
			if tt.generated {
				if !errors.Is(err, ErrGenerated) || !errors.Is(err, ErrNoText) || doc != nil {
					t.Errorf("err = %v, doc = %v, want ErrGenerated (an ErrNoText) and no document", err, doc)
				}
				return
			}
			if err != nil || doc == nil {
				t.Fatalf("err = %v, want a document", err)
			}
		})
	}
}

func TestIconGlyphs(t *testing.T) {
	tests := map[string]bool{
		"\uf17c/\uf179":        true,
		" \uf17a ":             true,
		"\uf17a Windows":       false,
		"Linux/macOS":          false,
		"¶":                    false,
		"":                     false,
		"\U000F0001 tool":      false,
		"\U000F0001\U000F0002": true,
	}
	for in, want := range tests {
		if got := iconGlyphs(in); got != want {
			t.Errorf("iconGlyphs(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestInSentence(t *testing.T) {
	tests := []struct {
		name, html string
		want       bool
	}{
		{"menu name in a sentence", `<p>through <span class="guimenu">Image</span> → Merge</p>`, true},
		{"menu path alone in a paragraph", `<p><span class="guimenu">Layer</span> → <span class="guimenuitem">Merge Down</span></p>`, true},
		{"breadcrumb links beside separators", `<p><span class="guimenu">Home</span> › <span class="breadcrumb-item">Docs</span></p>`, false},
		{"skip link beside blocks", `<div><span class="guimenu">Skip to content</span><div>Welcome to the help center</div></div>`, false},
		{"a block is no phrasing", `<div><div class="guimenu">Image</div> text</div>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := html.Parse(strings.NewReader(tt.html))
			if err != nil {
				t.Fatal(err)
			}
			n := goquery.NewDocumentFromNode(root).Find(".guimenu").Get(0)
			if got := inSentence(n); got != tt.want {
				t.Errorf("inSentence = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWithoutSectionLabel(t *testing.T) {
	tests := map[string]string{
		"7.34. Add Alpha Channel":   "Add Alpha Channel",
		"2. Workflow":               "Workflow",
		"C.2. Hints":                "Hints",
		"3.1":                       "3.1",
		"12.":                       "12.",
		"Chapter 7. Layers":         "Layers",
		"Part II. How do I Begin?":  "How do I Begin?",
		"Appendix C. Reporting":     "Reporting",
		"Chapter 7.":                "Chapter 7.",
		"Chapter 7 Layers":          "Chapter 7 Layers",
		"Windows 10 tips":           "Windows 10 tips",
		"2.4 release notes":         "2.4 release notes",
		"Merge Visible Layers":      "Merge Visible Layers",
		"Example 6.1. Entry format": "Entry format",
		"Procedure 2.3. Backing up": "Backing up",
		"Windows 10.1 notes":        "Windows 10.1 notes",
	}
	for in, want := range tests {
		if got := withoutSectionLabel(in); got != want {
			t.Errorf("withoutSectionLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// A page's keywords are read from the tags its authors declare for search:
// one tag is a comma-separated list, a repeated tag one keyword each (as
// LibreOffice's help writes its index entries); each kept once, within
// limits, whatever the page stuffs into them.
func TestMetaKeywords(t *testing.T) {
	many := ""
	for i := range maxKeywords + 5 {
		many += fmt.Sprintf("word%d,", i)
	}
	tests := []struct {
		name, head string
		want       []string
	}{
		{"none", `<meta name="description" content="Not a keyword list">`, nil},
		{"one list", `<meta name="keywords" content="refund, money back ,  , Refund">`, []string{"refund", "money back"}},
		{"repeated tags", `<meta itemprop="keywords" content="words, counting in text"><meta itemprop="keywords" content="word counts">`,
			[]string{"words, counting in text", "word counts"}},
		{"name case", `<meta NAME="Keywords" content="a b">`, []string{"a b"}},
		{"too many", `<meta name="keywords" content="` + many + `">`, func() []string {
			var w []string
			for i := range maxKeywords {
				w = append(w, fmt.Sprintf("word%d", i))
			}
			return w
		}()},
		{"too long", `<meta name="keywords" content="ok, ` + strings.Repeat("x", maxKeywordSize+1) + `">`, []string{"ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte(`<html><head><title>T</title>`+tt.head+`</head><body><p>Some text of the page.</p></body></html>`), "https://h.test/p")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(doc.Keywords, tt.want) {
				t.Errorf("keywords = %q, want %q", doc.Keywords, tt.want)
			}
		})
	}
}

// A title ends with its site's name only where the page links that name to
// a home page; any other tail is the page's own title.
func TestWithoutSiteName(t *testing.T) {
	tests := []struct {
		name, title, head, want string
	}{
		{"sphinx home link", "Sending email — Example 1.0 documentation", `<a href="../index.html">Example 1.0 documentation</a>`, "Sending email"},
		{"link rel home", "Layers | Sketchpad Manual", `<link rel="home" href="index.html" title="Sketchpad Manual">`, "Layers"},
		{"site root", "Billing - Acme Help", `<a href="/">Acme Help</a>`, "Billing"},
		{"tail linked elsewhere", "Index - Keyword Search", `<a href="search.html">Keyword Search</a>`, "Index - Keyword Search"},
		{"tail not linked", "Cancelling | Acme Help", `<a href="/index.html">Help Center Home</a>`, "Cancelling | Acme Help"},
		{"no separator", "Sending email", `<a href="index.html">Sending email</a>`, "Sending email"},
		{"only the name", " — Example", `<a href="index.html">Example</a>`, " — Example"},
		{"a home above the page's folder", "How do I reset my password? – Acme Help Center", `<a title="Home" href="/hc/en-us">Acme Help Center</a>`, "How do I reset my password?"},
		{"a folder elsewhere", "Filters - Protection", `<a href="/hc/de/protection">Protection</a>`, "Filters - Protection"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gq, err := goquery.NewDocumentFromReader(strings.NewReader("<html><head>" + tt.head + "</head><body>" + tt.head + "</body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			page, _ := url.Parse("https://help.acme.com/hc/en-us/articles/360001-Reset")
			if got := withoutSiteName(tt.title, gq, page); got != tt.want {
				t.Errorf("withoutSiteName(%q) = %q, want %q", tt.title, got, tt.want)
			}
		})
	}
}

// The ends of a title a site's name may stand in, each after a separator.
func TestTitleTails(t *testing.T) {
	tests := []struct {
		title string
		want  []string
	}{
		{"Deleting your account | StayNest Help", []string{" | StayNest Help"}},
		{"Apply | Disability Benefits | SSA", []string{" | SSA", " | Disability Benefits | SSA"}},
		{"random — Generate pseudo-random numbers — Python 3.11.2 documentation", []string{" — Python 3.11.2 documentation", " — Generate pseudo-random numbers — Python 3.11.2 documentation"}},
		{"Wi-Fi - Settings", []string{" - Settings"}},
		{"Wi-Fi", nil},
		{" — Example", nil},
		{"Trailing | ", nil},
	}
	for _, tt := range tests {
		if got := TitleTails(tt.title); !slices.Equal(got, tt.want) {
			t.Errorf("TitleTails(%q) = %q, want %q", tt.title, got, tt.want)
		}
		for _, tail := range tt.want {
			if name := TailName(tail); name == "" || strings.ContainsAny(name[:1], "—–|·-") || !strings.HasSuffix(tt.title, name) {
				t.Errorf("TailName(%q) = %q, want the words after the separator", tail, name)
			}
		}
	}
}

// A heading that only links home is the site's banner, not the page's
// first heading; a heading with words of its own beside a link is kept.
func TestSiteBanner(t *testing.T) {
	tests := []struct {
		name, heading string
		want          bool
	}{
		{"sphinx banner", `<h1><a href="../index.html">Example 1.0 documentation</a></h1>`, true},
		{"site root", `<h2> <a href="/">Acme Help</a> </h2>`, true},
		{"link to a page", `<h1><a href="email.html">Sending email</a></h1>`, false},
		{"link down to a topic's folder", `<h2><a href="/app/protection/">Protection</a></h2>`, false},
		{"link to a topic's index", `<h2><a href="protection/index.html">Protection</a></h2>`, false},
		{"another site", `<h2><a href="https://example.org/">Example</a></h2>`, false},
		{"words beside the link", `<h1>Back to <a href="index.html">the start</a></h1>`, false},
		{"own heading", `<h1>Sending email</h1>`, false},
		{"anchor only", `<h1><a href="#top">Sending email</a></h1>`, false},
		{"paragraph", `<p><a href="index.html">Home</a></p>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := html.Parse(strings.NewReader("<body>" + tt.heading + "</body>"))
			if err != nil {
				t.Fatal(err)
			}
			n := goquery.NewDocumentFromNode(root).Find("body > *").Get(0)
			if got := siteBanner(n); got != tt.want {
				t.Errorf("siteBanner(%s) = %v, want %v", tt.heading, got, tt.want)
			}
		})
	}
}

// TestPreKeepsVerbatim: a line of a <pre> keeps its white space as the
// page writes it (Block.Verbatim: a block's indentation, a table's
// columns), less the indentation every line of the block shares, beside
// its collapsed text; a line whose white space is already single has
// none.
func TestPreKeepsVerbatim(t *testing.T) {
	raw := []byte("<html><body><h1>Forms</h1><p>In the view:</p><pre>\n    def view(request):\n        if form.is_valid():\n            return redirect(&#39;/thanks/&#39;)\n    Package    Version\n</pre></body></html>")
	doc, err := ParseHTML(raw, "forms.html")
	if err != nil {
		t.Fatal(err)
	}
	var got [][2]string
	for _, b := range doc.Blocks {
		if b.Code {
			got = append(got, [2]string{b.Text, b.Verbatim})
		}
	}
	want := [][2]string{
		{"def view(request):", ""},
		{"if form.is_valid():", "    if form.is_valid():"},
		{"return redirect('/thanks/')", "        return redirect('/thanks/')"},
		{"Package Version", "Package    Version"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("code lines (text, verbatim) = %q, want %q", got, want)
	}
}

// A blank line inside a code block marks the line after it (BlankBefore),
// once however many blanks there are; the blanks that open or close the
// block are its frame, and the page's text is what it was.
func TestPreMarksBlankLines(t *testing.T) {
	tests := []struct {
		name, pre string
		want      []bool // BlankBefore of each code line
	}{
		{"two commands apart", "$ pip download x\n\n$ pip install x", []bool{false, true}},
		{"several blanks are one", "[a]\nk = 1\n\n\n  \n[b]\nk = 2", []bool{false, false, true, false}},
		{"the frame is no blank", "\n\n$ pip check\n\n", []bool{false}},
		{"no blank", "a\nb", []bool{false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte("<html><body><h1>T</h1><p>Run:</p><pre>"+tt.pre+"</pre></body></html>"), "t.html")
			if err != nil {
				t.Fatal(err)
			}
			var got []bool
			for _, b := range doc.Blocks {
				if b.Code {
					got = append(got, b.BlankBefore)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("BlankBefore = %v, want %v", got, tt.want)
			}
			if strings.Contains(doc.Text(), "\n\n") {
				t.Errorf("page text %q has a blank line", doc.Text())
			}
		})
	}
}
