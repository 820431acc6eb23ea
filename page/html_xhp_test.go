package page

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

// TestParseHTMLXHPHelp reads a page of LibreOffice's help (made by hand in
// its markup): the viewer's header, panes and debug footer are dropped; a
// shortcut in a sentence is the default case's (Ctrl+F9, not the Mac's
// Command+F9); each program's case of a switch of blocks is shown; "Related Topics" and its links go, an icon
// beside its own name goes, an icon beside a command's name keeps the name.
func TestParseHTMLXHPHelp(t *testing.T) {
	raw := readFixture(t, "xhphelp.html")
	doc, err := ParseHTML(raw, "en-US/text/swriter/guide/pagenumbers.html")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "xhphelp.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
	for _, l := range doc.Links() {
		if strings.Contains(l.URL, "footer.html") || strings.Contains(l.URL, "header.html") || strings.Contains(l.URL, ".xhp") {
			t.Errorf("related topic or debug link %q kept", l.URL)
		}
	}
}

// TestXHPHelpOnlyItsPages: the same markup on a page that is not marked as
// a program's help is read as before (hidden cases stay hidden).
func TestXHPHelpOnlyItsPages(t *testing.T) {
	raw := `<html><body><main><h1>Keys</h1><p>Press <span class="switchinline"><span hidden="true" id="MAC1">Command+S</span><span hidden="true" id="default1">Ctrl+S</span></span> to save.</p></main></body></html>`
	doc, err := ParseHTML([]byte(raw), "keys.html")
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Text(); strings.Contains(got, "Ctrl") || strings.Contains(got, "Command") {
		t.Errorf("text = %q, want the hidden cases left out", got)
	}
}

// xhpBody parses s as the content of a help page and applies readXHPHelp
// and clean; it returns the body's collapsed text.
func xhpBody(t *testing.T, s string) string {
	t.Helper()
	root, err := html.Parse(strings.NewReader(`<html><body><div itemprop="softwareHelp">` + s + `</div></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	readXHPHelp(root)
	clean(root)
	return collapse(goquery.NewDocumentFromNode(root).Find("body").Text())
}

func TestShowSwitchCases(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"shortcut in a sentence: the default case",
			`<p>Press <span class="switchinline"><span hidden="true" id="MACx">Command+T</span><span hidden="true" id="defaultx">F11</span></span> now.</p>`,
			"Press F11 now."},
		{"default case first",
			`<p>Press <span class="switchinline"><span hidden="true" id="defaultx">F11</span><span hidden="true" id="MACx">Command+T</span></span> now.</p>`,
			"Press F11 now."},
		{"program's words in a sentence, no default: the first case with words",
			`<p>Choose Format - <span class="switchinline"><span hidden="true" id="WRITERx"></span><span hidden="true" id="CALCx">Object - </span><span hidden="true" id="DRAWx">Shape - </span></span>Size.</p>`,
			"Choose Format - Object - Size."},
		{"system switch of blocks: the default case",
			`<span class="switch" id="swlnsysx"><span hidden="true" id="MACx"><p>Hold Command.</p></span><span hidden="true" id="defaultx"><p>Hold Ctrl.</p></span></span>`,
			"Hold Ctrl."},
		{"program's switch of blocks without a default: its case",
			`<span class="switch" id="swlnapplx"><span hidden="true" id="CALCx"><p>Only in spreadsheets.</p></span></span>`,
			"Only in spreadsheets."},
		{"program's switch of blocks with a default: every case",
			`<span class="switch" id="swlnapplx"><span hidden="true" id="WRITERx"><p>In text, anchor it.</p></span> <span hidden="true" id="defaultx"><p>Elsewhere, place it.</p></span></span>`,
			"In text, anchor it. Elsewhere, place it."},
		{"switch inside a case",
			`<span class="switch"><span hidden="true" id="CALCx"><p>Press <span class="switchinline"><span hidden="true" id="MACy">Command+1</span><span hidden="true" id="defaulty">Ctrl+1</span></span>.</p></span></span>`,
			"Press Ctrl+1."},
		{"a visible child: no switch of the help's, left as it is",
			`<span class="switch"><span id="on">Wi-Fi</span><span hidden="true" id="defaultx">Off</span></span>`,
			"Wi-Fi"},
		{"a case without an id: left as it is",
			`<span class="switch"><span hidden="true">Off</span></span><p>Text.</p>`,
			"Text."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := xhpBody(t, tt.html); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDropRelatedLinks(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"label in a box, link boxes after it",
			`<p>Body text.</p><div class="embedded"><p class="related"><span>Related Topics</span></p></div><div class="embedded"><p><a href="a.html">Page A</a></p></div><div><p><a href="b.html">Page B</a></p></div>`,
			"Body text."},
		{"label first in the box of links",
			`<p>Body text.</p><div class="relatedtopics"><p class="related">Related Topics</p><div class="relatedbody"><div><p><a href="a.html">Page A</a></p></div><p><a href="b.html">Page B</a></p></div></div>`,
			"Body text."},
		{"text after the links stays",
			`<div><p class="related">Related Topics</p></div><div><a href="a.html">Page A</a></div><p>A sentence with a <a href="b.html">link</a>.</p>`,
			"A sentence with a link."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := xhpBody(t, tt.html); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestIconWithName(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"icon beside its alt text",
			`<p>Click the No List icon.</p><div class="icontable"><div><p><img src="x.svg" alt="No List icon"></p></div><div><p>No List icon</p></div></div>`,
			"Click the No List icon."},
		{"icon beside a command's name",
			`<p>Open the toolbar, click</p>
<div class="icontable"><div><img src="x.svg" alt="Icon Frame"></div><div><p>Insert Frame Manually</p></div></div>`,
			"Open the toolbar, click Insert Frame Manually"},
		{"icon beside a sentence: the sentence stays",
			`<div><div><img src="x.svg" alt="Hide"></div><div><p>Hides the docked window.</p></div></div>`,
			"Hides the docked window."},
		{"name first, icon second",
			`<p>Text.</p><div><div><p>Zoom In</p></div><div><img src="z.svg" alt=""></div></div>`,
			"Text."},
		{"two icons beside a name: a row of its own",
			`<div><div><img src="a.svg" alt="A"><img src="b.svg" alt="B"></div><div><p>Align</p></div></div>`,
			"Align"},
		{"a box of a step and an icon stays",
			`<div><p>Choose Insert - Frame</p><div class="icontable"><div><img src="x.svg" alt="Icon"></div><div><p>A frame is a box of text that stays where it is put.</p></div></div></div>`,
			"Choose Insert - FrameA frame is a box of text that stays where it is put."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := xhpBody(t, tt.html); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}
