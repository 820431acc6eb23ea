package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

func TestRenderRich(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // substrings of the HTML
		not      []string // substrings it must not have
	}{
		{"plain", "plain", []string{"<p>plain</p>"}, nil},
		{"raw HTML is text", "a <b>bold</b> & co", []string{"&amp; co"}, []string{"<b>"}},
		{"link opens apart", "see [docs](https://x.test/a?b=1&c=2)", []string{`href="https://x.test/a?b=1&amp;c=2"`, `target="_blank"`, `rel="nofollow noreferrer noopener"`, ">docs</a>"}, nil},
		{"script scheme dropped", "[x](javascript:alert(1))", nil, []string{"javascript:"}},
		{"image with handler", `[<img src=x onerror=alert(1)>](https://x.test)`, nil, []string{"onerror", "<img"}},
		{"attribute injection", `[q](https://x.test/"onmouseover="alert(1))`, nil, []string{` onmouseover=`}},
		{"line break kept", "line one\nline two", []string{"line one<br>", "line two"}, nil},
		{"paragraphs", "para\n\nnext", []string{"<p>para</p>", "<p>next</p>"}, nil},
		{"bullets", "Steps:\n\n- one\n- two", []string{"<ul>", "<li>one</li>", "<li>two</li>"}, nil},
		{"numbered steps", "1. first\n1. second", []string{"<ol>", "<li>first</li>", "<li>second</li>"}, nil},
		{"a line after a list is no part of its last item", "- one\n- two\nInfo: needs version 2",
			[]string{"<li>two</li>", "</ul>", "<p>Info: needs version 2</p>"}, []string{"two<br>"}},
		{"an indented line continues its item", "1. first\n   still first\n2. second", []string{"<li>first<br>"}, nil},
		{"empty", "", nil, []string{"<p>"}},
		// A help page's code block reaches a reply as lines that are each
		// a code span alone (kgbuild): a run of them is one block, each
		// line as it stands, what Markdown would read in it kept as text.
		{"a run of code lines is one block", "Run:\n`$ pip uninstall x`\n`Proceed (Y/n)? y`\nDone.",
			[]string{"<p>Run:</p>", "<pre><code>$ pip uninstall x\nProceed (Y/n)? y</code></pre>", "<p>Done.</p>"}, []string{"<br>"}},
		{"a line of code as it stands", "`PIP_<NAME>=*a* _b_ [x](https://x.test)`",
			[]string{"<pre><code>PIP_&lt;NAME&gt;=*a* _b_ [x](https://x.test)</code></pre>"}, []string{"<em>", "<a "}},
		{"backticks in a line of code", "`` $ cwd=`pwd` ``", []string{"<pre><code>$ cwd=`pwd`</code></pre>"}, nil},
		{"code in a step stays in the step", "1. Check:\n  `$ pip check`\n1. Done",
			[]string{"<li>Check:\n<pre><code>$ pip check</code></pre>", "<li>Done</li>"}, []string{"</ol>\n<ol>"}},
		// A blank line inside a page's code block (a code span of a
		// space, kgbuild) stays in the block, empty; at its ends, none.
		{"a blank line of code stays in its block", "Run:\n`$ pip download x`\n` `\n`$ pip install x`\nDone.",
			[]string{"<pre><code>$ pip download x\n\n$ pip install x</code></pre>"}, []string{"</pre>\n<pre>", "<br>"}},
		{"a blank line of code in a step", "1. Write:\n  `[a]`\n  ` `\n  `[b]`\n1. Done",
			[]string{"<li>Write:\n<pre><code>[a]\n\n[b]</code></pre>"}, []string{"</ol>\n<ol>"}},
		{"no blank line at a block's ends", "` `\n`a`\n` `", []string{"<pre><code>a</code></pre>"}, nil},
		{"code in a sentence stays in it", "Run `pip check` now", []string{"<p>Run <code>pip check</code> now</p>"}, []string{"<pre>"}},
		// What a customer fills in, written between angle brackets, is no
		// HTML tag: it shows as written; a real element is still dropped.
		{"placeholders show as written", "Open https://<your freedombox>/deluge or run pip install --editable <LOCATION> (# -*- coding: <encoding name> -*-)",
			[]string{"https://&lt;your freedombox&gt;/deluge", "--editable &lt;LOCATION&gt;", "&lt;encoding name&gt;"}, nil},
		{"a closing placeholder", "see <Empty> and </library>", []string{"&lt;Empty&gt;", "&lt;/library&gt;"}, nil},
		{"an element is still dropped", "a <span onclick=x>b</span> <address>", nil, []string{"<span", "onclick", "&lt;span", "&lt;address"}},
		// A node's text escapes the page's words that name HTML
		// (kgbuild): they show as written; raw HTML is still dropped.
		{"a page's words that name HTML show", "insert a \\<div> element or \\<OPTION VALUE=\"v\">, not <script src=x>",
			[]string{"insert a &lt;div&gt; element or &lt;OPTION VALUE=&#34;v&#34;&gt;, not"}, []string{"<div", "<script", "&lt;script", `\`}},
		{"a page's backslash before a tag shows", lexical.EscapeWords(`C:\Settings\<username>\ on Windows`), []string{`C:\Settings\&lt;username&gt;\ on Windows`}, nil},
		// Markdown reads a backslash before punctuation as an escape: the
		// page's own are doubled in a node's text (kgbuild), and show.
		{"a page's backslashes show", lexical.EscapeWords(`Use /^https?:\/\/(www\.)?example\.org\?q=\*/ or C:\Temp\ \`),
			[]string{`Use /^https?:\/\/(www\.)?example\.org\?q=\*/ or C:\Temp\ \`}, nil},
		{"a placeholder in code as it was", "Run `cd <folder>` then <folder>", []string{"<code>cd &lt;folder&gt;</code> then &lt;folder&gt;"}, []string{`\&lt;`}},
		// A page's words hold no emphasis: a star or an underscore is
		// the page's (a wildcard, a formula, a cookie's name).
		{"stars and underscores are text", "*.example.org or *.example.com; 2*PI and 3*5; cookies _ga_ and _gid_; **all** of ~a.com|~b.com~",
			[]string{"*.example.org or *.example.com; 2*PI and 3*5; cookies _ga_ and _gid_; **all** of ~a.com|~b.com~"}, []string{"<em>", "<strong>", "<del>"}},
		{"an item named by code stays inline", "- `--verbose`\n- `--quiet`", []string{"<li><code>--verbose</code></li>"}, []string{"<pre>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderRich(tt.in)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("renderRich(%q) = %s\nwant it to contain %s", tt.in, got, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("renderRich(%q) = %s\nmust not contain %s", tt.in, got, n)
				}
			}
		})
	}
}

// BenchmarkRenderRich renders a typical reply: a few sentences, steps and a
// link, as every chat turn does.
func BenchmarkRenderRich(b *testing.B) {
	const reply = "If you booked online, open the reservation first.\n1. On the reservation details page, click Change and then Change dates.\n1. Select the new dates.\n1. Check the new total price and click Confirm change.\nSee [Changing a reservation](https://help.example/reservations/change.html) for more."
	b.ReportAllocs()
	for b.Loop() {
		renderRich(reply)
	}
}

// A handoff's reference in a reply never breaks after its hyphen (a phone
// showed "HG-" at a line's end and "4P843K" on the next): it is put in a
// span the stylesheet keeps on one line, in the text only, never in a link.
func TestReplyKeepsHandoffReferenceWhole(t *testing.T) {
	got := renderRich("Ihre Vorgangsnummer ist HG-4P843K. See [HG-4P843K](https://h.test/HG-4P843K) and HG-0O1IL0.")
	for _, want := range []string{
		`Vorgangsnummer ist <span class="ref">HG-4P843K</span>.`,
		`href="https://h.test/HG-4P843K"`,
		`><span class="ref">HG-4P843K</span></a>`,
		"HG-0O1IL0.", // not a reference: 0, O, 1, I and L are never in one
	} {
		if !strings.Contains(got, want) {
			t.Errorf("renderRich = %s\nlacks %s", got, want)
		}
	}
	css, err := staticFS.ReadFile("static/helpgraph.css")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(css), ".text .ref { white-space: nowrap; }") {
		t.Error("the stylesheet does not keep .ref on one line")
	}
}

// TestCodeBlockScrollsInBubble: a block of code keeps each line as it
// stands and scrolls sideways inside the bubble, never widening it past a
// phone's screen.
func TestCodeBlockScrollsInBubble(t *testing.T) {
	css, err := staticFS.ReadFile("static/helpgraph.css")
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`(?m)^\.text pre, \.resolution pre \{[^}]*\}`).Find(css)
	for _, want := range []string{"overflow-x: auto", "white-space: pre", "max-width: 100%"} {
		if !strings.Contains(string(rule), want) {
			t.Errorf("the stylesheet's rule for a block of code %q lacks %q", rule, want)
		}
	}
}
