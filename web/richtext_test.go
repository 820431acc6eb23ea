package web

import (
	"strings"
	"testing"
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
