// Package inquiry is the inquiry set a simulated evaluation runs on: one
// customer inquiry per JSONL line, with what the user first says, what the
// user knows but has not said, and the gold answer the evaluator compares
// the agent's replies with. It also builds inquiry sets from a graph
// (Generate) and from doc2dial dialogues (ImportDoc2Dial).
package inquiry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/helpgraph/helpgraph/internal/jsonl"
)

// Kind says what a good agent does with an inquiry.
type Kind string

const (
	// Resolvable inquiries are answered by the help center.
	Resolvable Kind = "resolvable"
	// Escalation inquiries need a person; a good agent hands them over.
	Escalation Kind = "escalation"
)

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return k == Resolvable || k == Escalation }

// Inquiry is one simulated customer's problem.
type Inquiry struct {
	ID string `json:"id"`
	// Utterance is the user's first message.
	Utterance    string `json:"utterance"`
	Kind         Kind   `json:"kind"`
	GoldResponse string `json:"gold_response"`
	// CoreFacts are the phrases a correct answer must convey.
	CoreFacts []string `json:"core_facts"`
	// HiddenFacts are what the user knows but did not say, e.g.
	// {"reservation_method": "phone"}.
	HiddenFacts map[string]string `json:"hidden_facts,omitempty"`
	Topic       string            `json:"topic,omitempty"`
}

// Validate checks one inquiry on its own.
func (q *Inquiry) Validate() error {
	switch {
	case q.ID == "":
		return errors.New("empty id")
	case !q.Kind.Valid():
		return fmt.Errorf("inquiry %q: unknown kind %q (want %q or %q)", q.ID, q.Kind, Resolvable, Escalation)
	case q.Utterance == "":
		return fmt.Errorf("inquiry %q: empty utterance", q.ID)
	case q.Kind == Resolvable && len(q.CoreFacts) == 0:
		return fmt.Errorf("inquiry %q: a resolvable inquiry needs core_facts", q.ID)
	}
	return nil
}

// Read reads and validates a JSONL inquiry set. Blank lines are skipped;
// errors name the line.
func Read(r io.Reader) ([]Inquiry, error) {
	seen := make(map[string]int)
	qs, err := jsonl.Read(r, jsonl.Options{Strict: true}, func(line int, q *Inquiry) error {
		if err := q.Validate(); err != nil {
			return err
		}
		if prev, ok := seen[q.ID]; ok {
			return fmt.Errorf("duplicate id %q (first on line %d)", q.ID, prev)
		}
		seen[q.ID] = line
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("inquiries %w", err)
	}
	return qs, nil
}

// ReadFile reads the inquiry set at path.
func ReadFile(path string) ([]Inquiry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening inquiries: %w", err)
	}
	defer f.Close()
	qs, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, nil
}

// Write writes qs as JSONL.
func Write(w io.Writer, qs []Inquiry) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range qs {
		if err := enc.Encode(&qs[i]); err != nil {
			return fmt.Errorf("writing inquiry %q: %w", qs[i].ID, err)
		}
	}
	return nil
}

// WriteFile writes qs to path, creating its directory.
func WriteFile(path string, qs []Inquiry) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("writing inquiries: %w", err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, qs); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing inquiries: %w", err)
	}
	return nil
}
