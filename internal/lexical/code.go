package lexical

import "strings"

// A help page's line of code (a command, a file's line, a program's
// output) reaches a node's text as a Markdown code span that holds the
// whole line: every reader of the text knows where the code is. A span
// per line, not a fenced block per run, because a reply is cut by lines
// and sentences (an excerpt, a condition's lead): a line is never cut
// inside, so no cut leaves a fence open. The backticks are no word
// (Words), so the line's words weigh as before.

// CodeSpan writes code as a Markdown code span that shows it as it
// stands: fenced by one backtick more than the longest run of backticks
// in it, and padded with a space inside when it opens or ends with one
// (which Markdown would otherwise read as part of the fence or take off).
func CodeSpan(code string) string {
	fence := strings.Repeat("`", longestRun(code, '`')+1)
	if strings.HasPrefix(code, "`") || strings.HasSuffix(code, "`") ||
		strings.HasPrefix(code, " ") && strings.HasSuffix(code, " ") && strings.TrimSpace(code) != "" {
		code = " " + code + " "
	}
	return fence + code + fence
}

// BlankCode is a blank line of a code block as a node's text writes it:
// a code span of one space, which Markdown keeps as code, where an empty
// line would end the paragraph and cut the block in two.
const BlankCode = "` `"

// BlankCodeLine reports whether line is a blank line of code (BlankCode),
// indentation and trailing spaces aside.
func BlankCodeLine(line string) bool {
	return strings.TrimSpace(line) == BlankCode
}

// CodeLine reports whether line is one code span and nothing else,
// indentation and trailing spaces aside (as CodeSpan writes a line of
// code), and returns the code it holds.
func CodeLine(line string) (string, bool) {
	line = strings.TrimRight(strings.TrimLeft(line, " \t"), " \t")
	n := len(line) - len(strings.TrimLeft(line, "`"))
	if n == 0 || len(line) < 2*n+1 {
		return "", false
	}
	code := line[n : len(line)-n]
	if line[len(line)-n:] != strings.Repeat("`", n) || strings.HasSuffix(code, "`") || hasRun(code, '`', n) {
		return "", false // the span ends before the line does, or not at its end
	}
	if len(code) >= 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.TrimSpace(code) != "" {
		code = code[1 : len(code)-1]
	}
	if strings.TrimSpace(code) == "" {
		return "", false
	}
	return code, true
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		best = max(best, run)
	}
	return best
}

// hasRun reports whether s holds a run of exactly n c's.
func hasRun(s string, c byte, n int) bool { return RunEnd(s, c, n) >= 0 }

// RunEnd returns where the first run of exactly n c's in s ends, or -1:
// the backticks that close a code span of n.
func RunEnd(s string, c byte, n int) int {
	run := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] == c {
			run++
			continue
		}
		if run == n {
			return i
		}
		run = 0
	}
	return -1
}
