package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// terminals returns stdin and stdout as files when both are terminals.
func terminals(in io.Reader, out io.Writer) (*os.File, *os.File, bool) {
	fi, ok1 := in.(*os.File)
	fo, ok2 := out.(*os.File)
	if !ok1 || !ok2 || !term.IsTerminal(int(fi.Fd())) || !term.IsTerminal(int(fo.Fd())) {
		return nil, nil, false
	}
	return fi, fo, true
}

// ttyChat is the chat for a person at a terminal: a prompt with line editing
// and history (x/term), replies in colour without internal labels.
func ttyChat(ctx context.Context, agent dialogue.Agent, in, out *os.File) error {
	state, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return fmt.Errorf("chat: terminal: %w", err)
	}
	defer term.Restore(int(in.Fd()), state)
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{in, out}, colour(promptColour, "you › "))
	// A terminal that reports no size (some ptys) keeps x/term's 80 columns.
	width := 80
	if w, h, err := term.GetSize(int(out.Fd())); err == nil && w >= 20 && h > 0 {
		t.SetSize(w, h)
		width = w
	}
	fmt.Fprint(t, "Type a number to pick an option, /restart to start over, Ctrl-D to leave.\n\n")
	return converseLoop(ctx, agent, t.ReadLine, t, func(w io.Writer, r dialogue.Reply) {
		// One column spare: a line as wide as the terminal wraps on its own.
		printFriendly(w, r, true, width-1)
	})
}

const (
	promptColour  = "1;34"
	optionColour  = "36"
	sourceColour  = "2"
	handoffColour = "33"
)

func colour(code, s string) string { return "\x1b[" + code + "m" + s + "\x1b[0m" }

var mdLink = lexical.MarkdownLink

// readable turns Markdown links into "text (url)", which a terminal shows
// and lets one click, and drops heading hashes.
func readable(text string) string {
	text = mdLink.ReplaceAllStringFunc(text, func(m string) string {
		p := mdLink.FindStringSubmatch(m)
		if p[1] == p[2] {
			return p[2]
		}
		return p[1] + " (" + p[2] + ")"
	})
	// A node's text escapes a "<" Markdown would read as HTML and a
	// backslash (lexical.EscapeWords); a terminal shows the page's words.
	return lexical.UnescapeWords(mdHeading.ReplaceAllString(text, ""))
}

var mdHeading = regexp.MustCompile(`(?m)^#{1,6}\s+`)

// codeIndent sets a help page's line of code apart in a terminal, as
// Markdown indents a code block.
const codeIndent = "    "

// terminalText is a reply's text for a terminal: prose readable and
// wrapped to width, each line of code (a line that is one code span, as
// kgbuild writes a page's code) without its backticks, indented and left
// as it stands: wrapped or with its spaces collapsed, a command or an
// aligned table would no longer be what the page says to type.
func terminalText(text string, width int) string {
	text = numbered(text)
	var out, prose []string
	flush := func() {
		if len(prose) > 0 {
			out = append(out, wrap(readable(strings.Join(prose, "\n")), width))
			prose = prose[:0]
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if code, ok := lexical.CodeLine(line); ok {
			flush()
			out = append(out, codeIndent+code)
			continue
		}
		if lexical.BlankCodeLine(line) {
			flush()
			out = append(out, "") // a blank line inside the page's code block
			continue
		}
		prose = append(prose, line)
	}
	flush()
	return strings.Join(out, "\n")
}

// orderedItem is the mark opening an ordered list's item ("1. ", "2) ").
var orderedItem = regexp.MustCompile(`^\d{1,2}[.)]\s`)

// numbered numbers a text's ordered lists 1, 2, 3: a node's text writes
// every item "1." (Markdown numbers them as it renders, as the web chat
// does), which a terminal would show as it stands. An item's own lines,
// indented below it, go on with its list; a line as far out as a list
// ends it.
func numbered(text string) string {
	lines := strings.Split(text, "\n")
	count := map[int]int{} // items so far, by indent
	for i, line := range lines {
		body := strings.TrimLeft(line, " ")
		indent := len(line) - len(body)
		loc := orderedItem.FindStringIndex(body)
		for k := range count {
			if k > indent || loc == nil && k == indent && body != "" {
				delete(count, k)
			}
		}
		if loc == nil {
			continue
		}
		count[indent]++
		lines[i] = line[:indent] + strconv.Itoa(count[indent]) + body[loc[1]-2:]
	}
	return strings.Join(lines, "\n")
}

// printFriendly prints r for a person: the text, numbered options, the
// sources; with color, in ANSI colours; wrapped at word boundaries to
// width columns (0: not wrapped).
func printFriendly(w io.Writer, r dialogue.Reply, color bool, width int) {
	paint := func(code, s string) string {
		if color {
			return colour(code, s)
		}
		return s
	}
	text := terminalText(r.Text, width)
	if r.Action == dialogue.Escalation {
		text = paint(handoffColour, text)
	}
	fmt.Fprintf(w, "%s\n", text)
	for i, o := range r.Options {
		num := fmt.Sprintf("%d)", i+1)
		// Wrapped under the label, past the number.
		label := wrap(strings.Repeat(" ", len(num)+3)+o.Label, width)[len(num)+3:]
		fmt.Fprintf(w, "  %s %s\n", paint(optionColour, num), label)
	}
	if len(r.Sources) > 0 {
		fmt.Fprintln(w, paint(sourceColour, "  Source: "+strings.Join(r.Sources, ", ")))
	}
	fmt.Fprintln(w)
}
