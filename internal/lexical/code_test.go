package lexical

import "testing"

// TestCodeSpan: a line of code is written as one code span that Markdown
// reads back as the line, backticks in it included, and CodeLine finds
// the code again, indentation aside.
func TestCodeSpan(t *testing.T) {
	for _, tc := range []struct{ code, span string }{
		{"$ pip uninstall sampleproject", "`$ pip uninstall sampleproject`"},
		{"$ cwd=`pwd`", "`` $ cwd=`pwd` ``"},         // ends with a backtick: padded
		{"echo ``x`` done", "```echo ``x`` done```"}, // a run of two: a fence of three
		{"`quoted`", "`` `quoted` ``"},
		{" both ", "`  both  `"}, // a space each side would be taken off: kept
		{"Proceed (Y/n)? y", "`Proceed (Y/n)? y`"},
	} {
		if got := CodeSpan(tc.code); got != tc.span {
			t.Errorf("CodeSpan(%q) = %q, want %q", tc.code, got, tc.span)
		}
		for _, line := range []string{tc.span, "    " + tc.span + " "} {
			if got, ok := CodeLine(line); !ok || got != tc.code {
				t.Errorf("CodeLine(%q) = %q, %v, want %q", line, got, ok, tc.code)
			}
		}
	}
	for _, line := range []string{
		"Run `pip check` first", // code in a sentence
		"`pip` and `check`",     // two spans
		"`open",                 // no span
		"``x`",                  // its fence is never closed
		"`a``",                  // a longer run closes nothing
		"``",                    // empty
		"` `",                   // blank
		"- `--verbose`",         // a list item
	} {
		if code, ok := CodeLine(line); ok {
			t.Errorf("CodeLine(%q) = %q, want no line of code", line, code)
		}
	}
}
