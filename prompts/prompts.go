// Package prompts holds every LLM prompt as an embedded text/template, each
// rendered from its own typed struct (defined beside it in this package), so
// prompt text is reviewed as text and pinned by golden tests.
//
// A template file NAME.tmpl renders as a sequence of chat messages: lines of
// the form "### system", "### user" or "### assistant" start a new message.
package prompts

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"strings"
	"text/template"

	"github.com/helpgraph/helpgraph/llm"
)

//go:embed *.tmpl
var files embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"join":  strings.Join,
	"add":   func(a, b int) int { return a + b },
	"fence": Fence,
}).ParseFS(files, "*.tmpl"))

// Hash returns a short hash of the named templates' source, so a result
// derived from them (an extracted page) can tell when a prompt changed.
func Hash(names ...string) string {
	h := sha256.New()
	for _, name := range names {
		b, err := files.ReadFile(name + ".tmpl")
		if err != nil {
			// A missing template is a programming error caught by tests;
			// hashing its name still changes the result.
			b = []byte("missing:" + name)
		}
		h.Write([]byte(name + "\x00"))
		h.Write(b)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// Fence markers around untrusted text (page text, customer messages) in a
// prompt. The prompts say that what is between them is data, never
// instructions.
const (
	FenceOpen  = "<<<DATA"
	FenceClose = "DATA>>>"
)

// Fence wraps text between FenceOpen and FenceClose lines, removing any
// marker inside it so the text cannot close the fence early, and any
// "### role" line start that would split the prompt into extra messages.
func Fence(text string) string {
	text = strings.ReplaceAll(text, FenceOpen, "<<< DATA")
	text = strings.ReplaceAll(text, FenceClose, "DATA >>>")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "### ") {
			lines[i] = strings.Replace(l, "### ", "# ## ", 1)
		}
	}
	return FenceOpen + "\n" + strings.Join(lines, "\n") + "\n" + FenceClose
}

// Render executes the template name (without ".tmpl") with data and returns
// the raw text.
func Render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name+".tmpl", data); err != nil {
		return "", fmt.Errorf("rendering prompt %s: %w", name, err)
	}
	return buf.String(), nil
}

// Messages renders the template name with data and splits it into chat
// messages at its "### role" lines.
func Messages(name string, data any) ([]llm.Message, error) {
	text, err := Render(name, data)
	if err != nil {
		return nil, err
	}
	var msgs []llm.Message
	for _, line := range strings.SplitAfter(text, "\n") {
		if role, ok := strings.CutPrefix(strings.TrimSpace(line), "### "); ok && isRole(role) {
			msgs = append(msgs, llm.Message{Role: role})
			continue
		}
		if len(msgs) == 0 {
			return nil, fmt.Errorf("prompt %s: text before the first \"### role\" line", name)
		}
		msgs[len(msgs)-1].Content += line
	}
	for i := range msgs {
		msgs[i].Content = strings.TrimSpace(msgs[i].Content)
	}
	if len(msgs) == 0 {
		return nil, fmt.Errorf("prompt %s: no messages", name)
	}
	return msgs, nil
}

func isRole(s string) bool { return s == "system" || s == "user" || s == "assistant" }
