// Package prompts holds every LLM prompt as an embedded text/template, each
// rendered from its own typed struct (defined beside it in this package), so
// prompt text is reviewed as text and pinned by golden tests.
//
// A template file NAME.tmpl renders as a sequence of chat messages: lines of
// the form "### system", "### user" or "### assistant" start a new message.
package prompts

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/helpgraph/helpgraph/llm"
)

//go:embed *.tmpl
var files embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"join": strings.Join,
	"add":  func(a, b int) int { return a + b },
}).ParseFS(files, "*.tmpl"))

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
