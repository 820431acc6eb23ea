package lexical

import (
	"strings"
	"testing"
)

func TestEscapeRawHTML(t *testing.T) {
	all := func(string) bool { return true }
	notDiv := func(name string) bool { return !strings.EqualFold(name, "div") }
	tests := []struct {
		name, in string
		escape   func(string) bool
		want     string
	}{
		{"an element named in words", "insert a <div> element", all, `insert a \<div> element`},
		{"a tag with attributes, closed", `the tag <OPTION VALUE="x">Item</OPTION>`, all, `the tag \<OPTION VALUE="x">Item\</OPTION>`},
		{"a placeholder", "pip install --editable <LOCATION>", all, `pip install --editable \<LOCATION>`},
		{"comment, declaration, instruction", "<!-- x --> <!DOCTYPE html> <?php ?>", all, `\<!-- x --> \<!DOCTYPE html> \<?php ?>`},
		{"only the names asked", "<div> and <LOCATION>", notDiv, `<div> and \<LOCATION>`},
		{"inside a code span as it is", "run `cd <folder>` in <folder>", all, "run `cd <folder>` in \\<folder>"},
		{"escaped already", `a \<div> b`, all, `a \<div> b`},
		{"no tag: a comparison, an autolink, a link's pointed target", "a < b, <https://x.test>, [w](<wiki:A B>)", all, "a < b, <https://x.test>, [w](<wiki:A B>)"},
		{"unclosed backticks are text", "a ` <b>", all, "a ` \\<b>"},
		{"a lone backslash at the end", `x <b> \`, all, `x \<b> \`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EscapeRawHTML(tt.in, tt.escape); got != tt.want {
				t.Errorf("EscapeRawHTML(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestEscapeWords: in a page's plain words a backslash is the page's:
// doubled outside code spans, so that Markdown shows it, and
// UnescapeWords gives the words back.
func TestEscapeWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"insert a <div> element", `insert a \<div> element`},
		{`C:\Settings\<username>\ and /home/<username>/`, `C:\\Settings\\\<username>\\ and /home/\<username>/`},
		{`a \\<b> c`, `a \\\\\<b> c`},
		{`no tag: a \< b`, `no tag: a \\< b`},
		{`a pattern /^https?:\/\/(www\.)?example\.org/`, `a pattern /^https?:\\/\\/(www\\.)?example\\.org/`},
		{`a line ending in a backslash \`, `a line ending in a backslash \\`},
		{"run `cd <folder>`", "run `cd <folder>`"},
		{"code as written: `C:\\Temp\\*.log` in C:\\Temp", "code as written: `C:\\Temp\\*.log` in C:\\\\Temp"},
		{"unclosed ` is text \\*", "unclosed ` is text \\\\*"},
		{`a link as a reader writes it: [\[TUT01\]](bibliography.html) and \[x\]`, `a link as a reader writes it: [\[TUT01\]](bibliography.html) and \\[x\\]`},
		{`no link: [a\] b](c d) \`, `no link: [a\\] b](c d) \\`},
	}
	for _, tt := range tests {
		got := EscapeWords(tt.in)
		if got != tt.want {
			t.Errorf("EscapeWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if back := UnescapeWords(got); back != tt.in {
			t.Errorf("UnescapeWords(%q) = %q, want %q", got, back, tt.in)
		}
	}
}
