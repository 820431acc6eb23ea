package main

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// phoneRE finds phone numbers written with spaces ("+49 30 1234 567",
// "0570-0 / 00-123"): wrapping must not split them.
var phoneRE = regexp.MustCompile(`\+?\(?\d[\d()\-/. ]{4,}\d`)

// glue holds a phone number's spaces together while wrapping: a
// private-use character, since strings.Fields splits at U+00A0 too.
const glue = '\ue000'

// wrap breaks text into lines of at most width characters, at spaces
// only: a word, URL, e-mail address or phone number is never split (one
// longer than width gets a line of its own). Line breaks in text are kept;
// width < 1 leaves text as it is.
func wrap(text string, width int) string {
	if width < 1 {
		return text
	}
	text = phoneRE.ReplaceAllStringFunc(text, func(m string) string {
		// Only runs with as many digits as a short phone number, in
		// groups: "1 2 3 4 5 6" is a list.
		if !strings.Contains(m, " ") || countDigits(m) < 6 {
			return m
		}
		for _, part := range strings.Fields(m) {
			if len(part) == 1 && part[0] >= '0' && part[0] <= '9' {
				return m
			}
		}
		return strings.ReplaceAll(m, " ", string(glue))
	})
	var out strings.Builder
	for i, para := range strings.Split(text, "\n") {
		if i > 0 {
			out.WriteByte('\n')
		}
		// Leading spaces (an indented option) stay.
		trimmed := strings.TrimLeft(para, " ")
		indent := para[:len(para)-len(trimmed)]
		out.WriteString(indent)
		col := len(indent)
		for j, word := range strings.Fields(trimmed) {
			n := utf8.RuneCountInString(word)
			if j > 0 {
				if col+1+n > width {
					out.WriteString("\n" + indent)
					col = len(indent)
				} else {
					out.WriteByte(' ')
					col++
				}
			}
			out.WriteString(word)
			col += n
		}
	}
	return strings.ReplaceAll(out.String(), string(glue), " ")
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}
