// Package simulator runs simulated customers against an agent: for each
// inquiry the user opens with the inquiry's utterance and then, turn by turn,
// decides whether the agent's reply settles the inquiry and, if not, what to
// say next. Users are rule-based (offline) or an LLM playing the customer.
// Every dialogue is written to JSONL as soon as it ends.
package simulator

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/internal/jsonl"
)

// Ended reasons.
const (
	EndResolved  = "resolved"   // the agent gave a resolution
	EndEscalated = "escalated"  // the agent handed over to a person
	EndUser      = "user_ended" // the user (LLM) ended for another reason
	EndMaxTurns  = "max_turns"  // the user gave up at the turn limit
	EndError     = "error"      // the agent failed
)

// Turn is one message of a simulated dialogue.
type Turn struct {
	Role      string            `json:"role"` // "user" or "agent"
	Text      string            `json:"text"`
	Action    dialogue.Action   `json:"action,omitempty"`
	NodeID    string            `json:"node_id,omitempty"`
	Options   []dialogue.Option `json:"options,omitempty"`
	Sources   []string          `json:"sources,omitempty"`
	LatencyMS float64           `json:"latency_ms,omitempty"`
}

// Dialogue is one simulated conversation with everything the evaluator needs
// (the inquiry's kind, gold response and core facts), so evaluation can run
// from the dialogues file alone.
type Dialogue struct {
	// ID is "<inquiry id>/<agent>", what human labels refer to.
	ID           string            `json:"id"`
	InquiryID    string            `json:"inquiry_id"`
	Kind         inquiry.Kind      `json:"kind"`
	Topic        string            `json:"topic,omitempty"`
	GoldResponse string            `json:"gold_response,omitempty"`
	CoreFacts    []string          `json:"core_facts,omitempty"`
	HiddenFacts  map[string]string `json:"hidden_facts,omitempty"`
	Agent        string            `json:"agent"`
	Turns        []Turn            `json:"turns"`
	FinalAction  dialogue.Action   `json:"final_action,omitempty"`
	Ended        string            `json:"ended"`
	Error        string            `json:"error,omitempty"`
	// Provenance says which user and model ran the dialogue, and its LLM
	// tokens and cost (absent in files written before it was recorded).
	Provenance *Provenance `json:"provenance,omitempty"`
}

// AgentTurns returns the agent's turns.
func (d *Dialogue) AgentTurns() []Turn {
	var out []Turn
	for _, t := range d.Turns {
		if t.Role == "agent" {
			out = append(out, t)
		}
	}
	return out
}

// ReadDialogues reads a dialogues JSONL stream.
func ReadDialogues(r io.Reader) ([]Dialogue, error) {
	ds, err := jsonl.Read(r, jsonl.Options{}, func(_ int, d *Dialogue) error {
		if d.InquiryID == "" || d.Agent == "" {
			return errors.New("missing inquiry_id or agent")
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dialogues %w", err)
	}
	return ds, nil
}

// ReadDialoguesFile reads the dialogues file at path.
func ReadDialoguesFile(path string) ([]Dialogue, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening dialogues: %w", err)
	}
	defer f.Close()
	ds, err := ReadDialogues(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ds, nil
}
