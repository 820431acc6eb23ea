package main

import (
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		width int
		want  string
	}{
		{"fits", "Hello there", 20, "Hello there"},
		{"at a word boundary", "Please restart the router and wait", 16, "Please restart\nthe router and\nwait"},
		{"never inside a URL", "See https://help.example.com/reset-password for the steps", 20,
			"See\nhttps://help.example.com/reset-password\nfor the steps"},
		{"never inside an e-mail address", "Write to support-team@example.com today", 12, "Write to\nsupport-team@example.com\ntoday"},
		{"never inside a phone number with spaces", "Call us on 0570-0 / 00-123 any day", 18, "Call us on\n0570-0 / 00-123\nany day"},
		{"international number", "Phone +49 30 1234 5678 now", 12, "Phone\n+49 30 1234 5678\nnow"},
		{"numbers that are not a phone wrap", "Steps 1 2 3 4 5 6", 8, "Steps 1\n2 3 4 5\n6"},
		{"line breaks kept", "First line\n\nSecond line here", 11, "First line\n\nSecond line\nhere"},
		{"indent kept", "  1) a long option label", 12, "  1) a long\n  option\n  label"},
		{"no width", "a b c", 0, "a b c"},
		{"multibyte counted as characters", "ééé ééé ééé", 7, "ééé ééé\nééé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wrap(tt.text, tt.width)
			if got != tt.want {
				t.Errorf("wrap(%q, %d) =\n%s\nwant\n%s", tt.text, tt.width, got, tt.want)
			}
			for _, token := range strings.Fields(tt.text) {
				if (strings.Contains(token, "://") || strings.Contains(token, "@")) && !strings.Contains(got, token) {
					t.Errorf("%q was split", token)
				}
			}
		})
	}
}

func TestPrintFriendlyWraps(t *testing.T) {
	var b strings.Builder
	printFriendly(&b, dialogue.Reply{Text: "Reset it at https://help.example.com/a/very/long/path then call 0570-0 / 00-123.",
		Options: []dialogue.Option{{Label: "I booked online through the website"}}}, false, 24)
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) > 24 && !strings.Contains(line, "https://") {
			t.Errorf("line %q is over 24 columns", line)
		}
	}
	for _, whole := range []string{"https://help.example.com/a/very/long/path", "0570-0 / 00-123.", "  1) I booked online"} {
		if !strings.Contains(b.String(), whole) {
			t.Errorf("%q was split:\n%s", whole, b.String())
		}
	}
}

func TestTerminalTextCodeLines(t *testing.T) {
	tests := []struct {
		name, text string
		width      int
		want       string
	}{
		{"a command under its prose", "To install them, run:\n`$ pip install -r requirements.txt`", 0,
			"To install them, run:\n    $ pip install -r requirements.txt"},
		{"aligned columns kept, not wrapped", "It prints:\n`Package    Version`\n`---------- -------`\n`pip        23.0.1`", 12,
			"It prints:\n    Package    Version\n    ---------- -------\n    pip        23.0.1"},
		{"a span inside prose stays prose", "Run `pip list` to see them.", 0, "Run `pip list` to see them."},
		{"prose after code wrapped", "`make`\nthen open the page in a browser", 16,
			"    make\nthen open the\npage in a\nbrowser"},
		{"a backtick inside the code", lexical.CodeSpan("echo `date`"), 0, "    echo `date`"},
		{"a page's words that name HTML", "insert a \\<div> element", 0, "insert a <div> element"},
		{"a blank line inside the code", "`$ pip download x`\n` `\n`$ pip install x`", 0, "    $ pip download x\n\n    $ pip install x"},
		{"an ordered list numbered", "Steps:\n1. Open Settings.\n1. Tap Security.\n  `acme 2fa on`\n1. Save.\nDone.\n1. Again.", 0,
			"Steps:\n1. Open Settings.\n2. Tap Security.\n    acme 2fa on\n3. Save.\nDone.\n1. Again."},
		{"a nested list numbered apart", "1. One\n  1. a\n  1. b\n1. Two", 0, "1. One\n  1. a\n  2. b\n2. Two"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminalText(tt.text, tt.width); got != tt.want {
				t.Errorf("terminalText(%q, %d) =\n%q\nwant\n%q", tt.text, tt.width, got, tt.want)
			}
		})
	}
}
