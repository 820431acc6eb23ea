// Package doc2dial reads the dialogues of the doc2dial dataset (Feng et al.,
// EMNLP 2020) in the layout of ../shared/data/doc2dial-ssa: DIR/dialogues.jsonl
// beside DIR/docs/<domain>/<slug>.html. Both the inquiry import and the
// replay of real dialogues read it through here, so they agree on what a
// turn, a grounding span and an unknown value are.
package doc2dial

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/helpgraph/helpgraph/internal/jsonl"
)

// Roles of a turn.
const (
	User  = "user"
	Agent = "agent"
)

// Labels of a grounding span (known on fully annotated dialogues only).
const (
	Solution     = "solution"
	Precondition = "precondition"
)

// Dialogue is one line of dialogues.jsonl.
type Dialogue struct {
	DialID string `json:"dial_id"`
	Domain string `json:"domain"`
	DocID  string `json:"doc_id"`
	// DocFile is the grounding page, relative to the dataset folder
	// ("docs/ssa/<slug>.html").
	DocFile    string `json:"doc_file"`
	Split      string `json:"split"`
	Annotation string `json:"annotation"` // "full" or "rc_reconstructed"
	Turns      []Turn `json:"turns"`
}

// Turn is one message. Nil pointers and a nil References mean unknown (the
// reconstructed dialogues lack them), which is not the same as none.
type Turn struct {
	TurnID     int         `json:"turn_id"`
	Role       string      `json:"role"`
	Utterance  *string     `json:"utterance"`
	DA         *string     `json:"da"`
	References []Reference `json:"references"`
	Provenance string      `json:"provenance"`
}

// Reference is one grounding span of the document.
type Reference struct {
	SpID  string  `json:"sp_id"`
	Label *string `json:"label"` // "solution", "precondition" or unknown
	Text  string  `json:"text_sp"`
	Title string  `json:"title"`
}

// Text returns the turn's utterance, "" when unknown.
func (t *Turn) Text() string {
	if t.Utterance == nil {
		return ""
	}
	return strings.TrimSpace(*t.Utterance)
}

// Act returns the turn's dialogue act, "" when unknown.
func (t *Turn) Act() string {
	if t.DA == nil {
		return ""
	}
	return *t.DA
}

// Grounded reports whether the turn has at least one known grounding span.
func (t *Turn) Grounded() bool {
	for _, r := range t.References {
		if strings.TrimSpace(r.Text) != "" {
			return true
		}
	}
	return false
}

// Grounding returns the turn's span texts joined by spaces, in the order the
// dataset lists them.
func (t *Turn) Grounding() string {
	var parts []string
	for _, r := range t.References {
		if s := strings.TrimSpace(r.Text); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// HasLabel reports whether one of the turn's spans carries label.
func (t *Turn) HasLabel(label string) bool {
	for _, r := range t.References {
		if r.Label != nil && *r.Label == label {
			return true
		}
	}
	return false
}

// Labelled reports whether any agent span of d has a known label, i.e.
// whether d is fully annotated in the sense that matters for grounding.
func (d *Dialogue) Labelled() bool {
	for _, t := range d.Turns {
		if t.Role != Agent {
			continue
		}
		for _, r := range t.References {
			if r.Label != nil {
				return true
			}
		}
	}
	return false
}

// Read reads DIR/dialogues.jsonl. Errors name the line.
func Read(dir string) ([]Dialogue, error) {
	path := filepath.Join(dir, "dialogues.jsonl")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading doc2dial: %w", err)
	}
	defer f.Close()
	ds, err := jsonl.Read(f, jsonl.Options{}, func(_ int, d *Dialogue) error {
		for i := range d.Turns {
			if r := d.Turns[i].Role; r != User && r != Agent {
				return fmt.Errorf("turn %d has role %q (want %q or %q)", i+1, r, User, Agent)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading doc2dial: %s %w", path, err)
	}
	return ds, nil
}
