package page

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bytesparadise/libasciidoc/pkg/configuration"
	"github.com/bytesparadise/libasciidoc/pkg/types"
)

// adocSyntax is AsciiDoc markup that must not reach a page's text: a
// section or block delimiter line, a block attribute line, a directive,
// a cross reference or macro, a table delimiter, a comment.
var adocSyntax = regexp.MustCompile(`(?m)^(=+ |-{4,}$|\.{4,}$|={4,}$|/{2,}|\[[a-zA-Z.#%][^\]]*\]$|\+$)|xref:|include::|ifn?def::|endif::|\|===|<<|\[\[|link:|image::|(^|\s):[\w-]+:(\s|$)`)

// TestParseAsciiDoc: each construct, a small page in, blocks, title,
// keywords and links out.
func TestParseAsciiDoc(t *testing.T) {
	tests := []struct {
		name, src string
		title     string
		keywords  []string
		// blocks are the page's blocks after its title heading, as
		// "kind text" ("heading Steps", "paragraph …", "code ls -l",
		// "note Note: …", "tab Linux", "item2 b", "row a | b").
		blocks []string
		links  []string
		absent []string // text no block may hold
	}{
		{name: "title and header attributes",
			src:      "= Reset the router\n:description: Put the {product} back to its factory settings.\n:keywords: reset, factory settings\n:product: Acme Router\n\nHold the button of the {product}.\n",
			title:    "Reset the router",
			keywords: []string{"Put the Acme Router back to its factory settings.", "reset", "factory settings"},
			blocks:   []string{"paragraph Hold the button of the Acme Router."}},
		{name: "author and revision lines are no text (libasciidoc panics on some)",
			src:      "= User guide\n<setup/install.adoc#x,the notes>>.a\nv1.0, 2024-01-01\n:keywords: guide\n\nText.\n",
			title:    "User guide",
			keywords: []string{"guide"},
			blocks:   []string{"paragraph Text."}},
		{name: "no document title: the first section's",
			src:    "== Enable the service\n\nRun it.\n",
			title:  "Enable the service",
			blocks: []string{"heading2 Enable the service", "paragraph Run it."}},
		{name: "no title at all: the file's name",
			src:    "Just text.\n",
			title:  "Page",
			blocks: []string{"paragraph Just text."}},
		{name: "sections",
			src:    "= T\n\nIntro.\n\n== Steps\n\nDo it.\n\n=== Details\n\nMore.\n",
			title:  "T",
			blocks: []string{"paragraph Intro.", "heading2 Steps", "paragraph Do it.", "heading3 Details", "paragraph More."}},
		{name: "comments dropped",
			src:    "= T\n\n// a line comment\nText.\n\n////\nA block comment.\ninclude::secret.adoc[]\n////\n\nMore.\n",
			title:  "T",
			blocks: []string{"paragraph Text.", "paragraph More."},
			absent: []string{"comment", "secret"}},
		{name: "admonition paragraphs, labelled notes; a note opening a section after its text",
			src:   "= T\n\n== Install\n\nNOTE: You need root.\n\nRun the installer.\n\nWARNING: Back up first.\n\nTIP: Use the wizard.\n",
			title: "T",
			blocks: []string{"heading2 Install", "paragraph Run the installer.", "note Warning: Back up first.",
				"note Tip: Use the wizard.", "note Note: You need root."}},
		{name: "admonition blocks",
			src:    "= T\n\nText.\n\n[CAUTION]\n====\nUnplug it.\n\nThen wait.\n====\n\n[IMPORTANT]\n.Before you start\n====\nCharge it.\n====\n",
			title:  "T",
			blocks: []string{"paragraph Text.", "note Caution: Unplug it.", "paragraph Then wait.", "note Before you start: Charge it."}},
		{name: "source, listing and literal blocks: code lines, verbatim",
			src:   "= T\n\nRun:\n\n[source,shell]\n----\ncd /etc/app\n  ls -l\n----\n\n....\nliteral\n....\n\n  indented literal\n",
			title: "T",
			blocks: []string{"paragraph Run:", "code cd /etc/app", "code ls -l |   ls -l", "code literal",
				"code indented literal"}},
		{name: "a short page whose code is most of its text keeps its title and text",
			src:    "= Restart\n\nRun:\n\n----\nsystemctl restart app && journalctl -u app --since today --no-pager | tail -n 50\n----\n",
			title:  "Restart",
			blocks: []string{"paragraph Run:", "code systemctl restart app && journalctl -u app --since today --no-pager | tail -n 50"}},
		{name: "lists",
			src:    "= T\n\n. First\n. Second\n+\n----\nrun\n----\n\nThen:\n\n* a\n** b\n",
			title:  "T",
			blocks: []string{"item1. First", "item1. Second", "code run", "paragraph Then:", "item1 a", "item2 b"}},
		{name: "description list",
			src:    "= T\n\nport:: The port to listen on.\n",
			title:  "T",
			blocks: []string{"paragraph port", "paragraph The port to listen on."}},
		{name: "tables, a longer delimiter, widths in percent, an escaped bar, a cell on two lines",
			src:    "= T\n\n[cols=\"30%,70%\",options=\"header\"]\n|=====\n| Name | Value\n| a \\| b | one\n  two\n|=====\n",
			title:  "T",
			blocks: []string{"row Name | Value", "row a | b | one two"}},
		{name: "tabs: a heading per tab",
			src:    "= T\n\n== Install\n\n[tabs]\n====\nLinux::\n+\nUse apt.\n\nWindows::\n+\nRun the installer.\n====\n",
			title:  "T",
			blocks: []string{"heading2 Install", "tab3 Linux", "paragraph Use apt.", "tab3 Windows", "paragraph Run the installer."}},
		{name: "cross references and links",
			src:    "= T\n\nSee xref:other.adoc[the other page], xref:guide/setup.adoc#ports[Ports, and more], <<other.adoc#a,Other>>, <<local,here>> and https://example.org[the site].\n\n[[local]]\n== Local\n\nX.\n",
			title:  "T",
			blocks: []string{"paragraph See [the other page](other.html), [Ports, and more](guide/setup.html), [Other](other.html), here and [the site](https://example.org).", "heading2 Local", "paragraph X."},
			links:  []string{"other.html", "guide/setup.html", "https://example.org"}},
		{name: "attributes, conditionals",
			src:    "= T\n:app: Acme\n\nifdef::app[]\n{app} is set.\nendif::[]\nifndef::app[]\nNever shown.\nendif::[]\n",
			title:  "T",
			blocks: []string{"paragraph Acme is set."},
			absent: []string{"Never"}},
		{name: "a paragraph's closing :: is one colon",
			src:    "= T\n\nThe operators can be used to\ncheck membership::\n\n----\na < b\n----\n",
			title:  "T",
			blocks: []string{"paragraph The operators can be used to check membership:", "code a < b"}},
		{name: "includes without a folder are dropped",
			src:    "= T\n\ninclude::/etc/passwd[]\ninclude::partial$x.adoc[]\n\nText.\n",
			title:  "T",
			blocks: []string{"paragraph Text."},
			absent: []string{"root:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseAsciiDoc([]byte(tt.src), "page.adoc")
			if err != nil {
				t.Fatal(err)
			}
			if doc.Title != tt.title {
				t.Errorf("title %q, want %q", doc.Title, tt.title)
			}
			if !slices.Equal(doc.Keywords, tt.keywords) {
				t.Errorf("keywords %q, want %q", doc.Keywords, tt.keywords)
			}
			got := adocBlocks(doc, tt.title)
			if !slices.Equal(got, tt.blocks) {
				t.Errorf("blocks\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.blocks, "\n"))
			}
			var links []string
			for _, l := range doc.Links() {
				links = append(links, l.URL)
			}
			if !slices.Equal(links, tt.links) {
				t.Errorf("links %q, want %q", links, tt.links)
			}
			for _, a := range tt.absent {
				if strings.Contains(doc.Text(), a) {
					t.Errorf("text holds %q:\n%s", a, doc.Text())
				}
			}
			if m := adocSyntax.FindString(doc.Text()); m != "" {
				t.Errorf("text holds AsciiDoc markup %q:\n%s", m, doc.Text())
			}
		})
	}
}

// adocBlocks writes doc's blocks as TestParseAsciiDoc lists them, the
// title's heading left out.
func adocBlocks(doc *Document, title string) []string {
	var out []string
	for i, b := range doc.Blocks {
		var s string
		switch {
		case i == 0 && b.Kind == Heading && b.Level == 1 && b.Text == title:
			continue
		case b.Code:
			s = "code " + b.Text
			if b.Verbatim != "" {
				s += " | " + b.Verbatim
			}
		case b.NoteTitle:
			s = "note " + b.Text
		case b.Tab:
			s = fmt.Sprintf("tab%d %s", b.Level, b.Text)
		case b.Kind == Heading:
			s = fmt.Sprintf("heading%d %s", b.Level, b.Text)
		case b.Kind == ListItem && b.Ordered:
			s = fmt.Sprintf("item%d. %s", b.Depth, b.Text)
		case b.Kind == ListItem:
			s = fmt.Sprintf("item%d %s", b.Depth, b.Text)
		case b.Kind == TableRow:
			s = "row " + b.Text
		default:
			s = "paragraph " + b.Text
		}
		out = append(out, s)
	}
	return out
}

// TestReadDirAntora reads an Antora component: pages only from
// modules/NAME/pages (not partials, examples or nav files), at
// MODULE/path.html (the ROOT module's without its name), includes by
// resource id from the module's partials and examples, none from outside
// the folder, antora.yml's attributes in the text, and cross references
// by resource id as links between the pages.
func TestReadDirAntora(t *testing.T) {
	for _, base := range []string{"", "https://docs.example.com/router/2.1/"} {
		docs, errs, err := ReadDir(context.Background(), filepath.Join("testdata", "adoc", "antora"), ReadOptions{BaseURL: base})
		if err != nil {
			t.Fatal(err)
		}
		if len(errs) > 0 {
			t.Fatalf("page errors: %v", errs)
		}
		var urls []string
		links := map[string][]string{}
		var sb strings.Builder
		for _, d := range docs {
			urls = append(urls, d.URL)
			for _, l := range d.Links() {
				links[d.URL] = append(links[d.URL], l.URL)
			}
			fmt.Fprintf(&sb, "URL: %s\nTitle: %s\nKeywords: %s\n\n%s\n\n", d.URL, d.Title, strings.Join(d.Keywords, " | "), d.Text())
			if m := adocSyntax.FindString(d.Text()); m != "" {
				t.Errorf("%s: text holds %q", d.URL, m)
			}
			for _, leaked := range []string{"root:", "TODO", "Reviewed by", "never shown", "{product}"} {
				if strings.Contains(d.Text(), leaked) {
					t.Errorf("%s: text holds %q", d.URL, leaked)
				}
			}
		}
		want := []string{"faq.html", "index.html", "howto/network/dhcp.html"}
		for i := range want {
			want[i] = base + want[i]
		}
		if !slices.Equal(urls, want) {
			t.Errorf("base %q: URLs %q, want %q", base, urls, want)
		}
		wantLinks := map[string][]string{
			want[0]: {want[2]},
			want[1]: {want[0], want[2]},
			want[2]: {"http://192.168.1.1", want[0]},
		}
		for u, l := range wantLinks {
			if !slices.Equal(links[u], l) {
				t.Errorf("base %q: %s links to %q, want %q", base, u, links[u], l)
			}
		}
		if base == "" {
			checkGolden(t, filepath.Join("adoc", "antora.golden"), sb.String())
		}
	}
}

// TestReadDirAsciiDoc reads a folder of AsciiDoc pages without an
// antora.yml, as Asciidoctor publishes it: each page at its path, a file
// named _x.adoc a partial, cross references relative to the page.
func TestReadDirAsciiDoc(t *testing.T) {
	docs, errs, err := ReadDir(context.Background(), filepath.Join("testdata", "adoc", "plain"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatalf("page errors: %v", errs)
	}
	var urls []string
	for _, d := range docs {
		urls = append(urls, d.URL)
	}
	if want := []string{"guide.adoc", "setup/install.adoc"}; !slices.Equal(urls, want) {
		t.Fatalf("URLs %q, want %q", urls, want)
	}
	var links []string
	for _, l := range docs[0].Links() {
		links = append(links, l.URL)
	}
	if want := []string{"setup/install.adoc"}; !slices.Equal(links, want) {
		t.Errorf("links %q, want %q", links, want)
	}
	if want := "Start with [installing Acme Sync](setup/install.adoc), then read [the upgrade notes](setup/install.adoc)."; !strings.Contains(docs[0].Text(), want) {
		t.Errorf("text %q, want %q in it (the included attribute substituted)", docs[0].Text(), want)
	}
}

// TestAsciiDocIncludesStayInFolder: an include reaches no file outside
// the pages folder, by a relative path, an absolute one or a link inside
// the folder that leads out of it; one inside is read.
func TestAsciiDocIncludesStayInFolder(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(root, "secret.txt")
	if err := os.WriteFile(secret, []byte("SECRET-TEXT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "pages")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "sub", "link.adoc")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	page := "= Page\n\ninclude::../secret.txt[]\n\ninclude::../../secret.txt[]\n\ninclude::" + secret + "[]\n\n" +
		"include::link.adoc[]\n\ninclude::sub/../../secret.txt[]\n\ninclude::own.adoc[]\n"
	for name, body := range map[string]string{"sub/page.adoc": page, "sub/own.adoc": "OWN-TEXT\n"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, _, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range docs {
		if d.URL != "sub/page.adoc" {
			continue
		}
		found = true
		if strings.Contains(d.Text(), "SECRET") {
			t.Errorf("an include read a file outside the folder:\n%s", d.Text())
		}
		if !strings.Contains(d.Text(), "OWN-TEXT") {
			t.Errorf("the include inside the folder was not read:\n%s", d.Text())
		}
	}
	if !found {
		t.Fatal("sub/page.adoc not read")
	}
}

// TestAsciiDocIncludeDepth: a file including itself ends, at
// maxIncludeDepth.
func TestAsciiDocIncludeDepth(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "loop.adoc"), []byte("= Loop\n\nLine.\n\ninclude::loop.adoc[]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	docs, errs, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil || len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("docs %d, errs %v, err %v", len(docs), errs, err)
	}
	if n := strings.Count(docs[0].Text(), "Line."); n != maxIncludeDepth+1 {
		t.Errorf("%d copies of the line, want %d (the page and %d nested includes)", n, maxIncludeDepth+1, maxIncludeDepth)
	}
}

// TestAntoraNotPage: only modules/NAME/pages/ holds an Antora
// component's pages; a folder without antora.yml is no component.
func TestAntoraNotPage(t *testing.T) {
	roots := []string{"docs/sub", "docs"}
	tests := []struct {
		file string
		want bool
	}{
		{"docs/modules/ROOT/pages/index.adoc", false},
		{"docs/modules/admin/pages/a/b.adoc", false},
		{"docs/modules/ROOT/nav.adoc", true},
		{"docs/modules/ROOT/partials/p.adoc", true},
		{"docs/modules/ROOT/examples/e.adoc", true},
		{"docs/modules/ROOT/images/i.html", true},
		{"docs/README.adoc", true},
		{"docs/sub/modules/x/pages/p.adoc", false},
		{"docs/sub/modules/x/attachments/a.html", true},
		{"other/modules/x/partials/p.adoc", false},
		{"page.adoc", false},
	}
	for _, tt := range tests {
		if got := antoraNotPage(tt.file, roots); got != tt.want {
			t.Errorf("antoraNotPage(%q) = %v, want %v", tt.file, got, tt.want)
		}
	}
}

// TestAdocPanicIsAnError: a panic in the converter fails the page, not
// the build.
func TestAdocPanicIsAnError(t *testing.T) {
	boom := func(io.Reader, io.Writer, *configuration.Configuration) (types.Metadata, error) { panic("boom") }
	_, _, err := convertAsciiDoc("= T\n", nil, boom)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("err = %v, want the panic as an error", err)
	}
}

func FuzzParseAsciiDoc(f *testing.F) {
	for _, name := range []string{"adoc/antora/modules/howto/pages/network/dhcp.adoc", "adoc/antora/modules/ROOT/pages/faq.adoc", "adoc/plain/guide.adoc"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte("= T\n:a: {b}\n\n|===\n| x \\| y\n  z\n|===\n\n[tabs]\n====\nA::\n+\nNOTE: n\n====\n\n<<x.adoc#y,z>> xref:m:p.adoc[a, b=c]\n\ninclude::x[tag=a]\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > 4<<10 {
			return // libasciidoc reads about 100 KB a second: keep each run short
		}
		// A small included file that includes again: the page itself
		// would make each run as long as the page's byte budget.
		inc := []byte("Included *text*.\n\ninclude::again.adoc[]\n")
		env := &adocEnv{include: func(string, string) ([]byte, string, bool) { return inc, "inc.adoc", true }}
		doc, err := parseAsciiDoc(t.Context(), raw, "page.adoc", env, nil)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

// TestAsciidoctorHTMLNotes: on a page Asciidoctor (Antora) published, an
// admonition of any kind is a note: its label beside the icon dropped as
// on other HTML pages, not read as a table row ("Important | You need
// root."), and one that opens a section written after its text.
func TestAsciidoctorHTMLNotes(t *testing.T) {
	raw := `<html><body><main><article class="doc"><h1 class="page">Install</h1>
<div class="sect1"><h2 id="a">Set up</h2><div class="sectionbody">
<div class="admonitionblock important"><table><tr><td class="icon"><i class="fa icon-important" title="Important"></i></td><td class="content">You need root.</td></tr></table></div>
<div class="paragraph"><p>Run the installer from the downloads page and follow its steps.</p></div>
<div class="admonitionblock caution"><table><tr><td class="icon"><div class="title">Caution</div></td><td class="content">Back up first.</td></tr></table></div>
</div></div></article></main></body></html>`
	doc, err := ParseHTML([]byte(raw), "https://docs.example.com/install.html")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range doc.Blocks {
		got = append(got, b.Text)
	}
	want := []string{"Install", "Set up", "Run the installer from the downloads page and follow its steps.", "Back up first.", "You need root."}
	if !slices.Equal(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
}
