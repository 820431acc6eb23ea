// Package ask answers a support team's questions about the knowledge graph
// and its conversations in plain language: the question's entity values are
// masked into typed placeholders, the most similar (question, Cypher)
// examples are retrieved, and the Cypher comes either from an LLM (with the
// engine's errors fed back) or, offline, from the best example with the
// question's values filled in. Every statement passes Guard before it runs,
// so questions only ever read.
//
// The package runs Cypher through an Engine: the embedded one (ask/kuzu,
// loaded from a Snapshot by Embedded) or the Neo4j store's read transactions.
package ask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
)

// CatalogSource returns the entity catalog of the current graph.
type CatalogSource interface {
	Catalog(ctx context.Context) (*Catalog, error)
}

// MaxTries bounds the LLM's attempts at one question (the first and two corrections).
const MaxTries = 3

// Defaults for zero Asker fields.
const (
	DefaultK        = 5
	DefaultMinScore = 0.8
)

// Asker answers questions. Fields are set once; it is safe for concurrent use.
type Asker struct {
	Engine   Engine
	Catalogs CatalogSource
	LLM      llm.JSONModel // nil: offline
	Examples []Example
	K        int     // examples retrieved (DefaultK)
	MinScore float64 // offline: the least similarity to use an example (DefaultMinScore)
	Limits   Limits
	Dialect  string // DialectEmbedded or DialectNeo4j
	// ExamplesOnly turns the offline question reader (ParseForm) off:
	// questions are answered from the example library alone, as before it.
	ExamplesOnly bool
	Logger       *slog.Logger
	Now          func() time.Time
}

// Turn is one answered question of a session.
type Turn struct {
	Question string   `json:"question"`
	Masked   string   `json:"masked"`
	Entities []Entity `json:"entities,omitempty"`
	Cypher   string   `json:"cypher"`
	Rows     int      `json:"rows"`
	// Form is the question as understood offline (nil when an example or
	// the LLM answered it); a follow-up refines it.
	Form *Form `json:"form,omitempty"`
}

// Session is a conversation with the graph: follow-up questions are read
// against its turns.
type Session struct {
	Turns []Turn `json:"turns"`
}

func (s *Session) entities() []Entity {
	var es []Entity
	for _, t := range s.Turns {
		es = append(es, t.Entities...)
	}
	return es
}

// lastForm is the form of the last turn, if it had one.
func (s *Session) lastForm() *Form {
	if len(s.Turns) == 0 {
		return nil
	}
	return s.Turns[len(s.Turns)-1].Form
}

func (s *Session) masked() []string {
	var out []string
	for _, t := range s.Turns {
		out = append(out, t.Masked)
	}
	return out
}

// Attempt is one query the pipeline tried.
type Attempt struct {
	Cypher string `json:"cypher"`
	Error  string `json:"error,omitempty"`
	Rows   int    `json:"rows"`
}

// Modes of an answer.
const (
	ModeOffline = "offline" // an example's Cypher with the question's values
	ModeForm    = "form"    // the question read into a Form and compiled (offline)
	ModeLLM     = "llm"
	ModeCypher  = "cypher" // Cypher written by the person asking
)

// Answer is the outcome of one question.
type Answer struct {
	Question string   `json:"question"`
	Masked   string   `json:"masked"`
	Entities []Entity `json:"entities,omitempty"`
	// Rewritten is the question made self-contained (LLM mode).
	Rewritten string    `json:"rewritten,omitempty"`
	Mode      string    `json:"mode"`
	Example   *Scored   `json:"example,omitempty"` // offline: the example used
	Form      *Form     `json:"form,omitempty"`    // ModeForm: the question as understood
	Cypher    string    `json:"cypher,omitempty"`
	Result    *Result   `json:"result,omitempty"`
	Summary   string    `json:"summary"`
	Attempts  []Attempt `json:"attempts,omitempty"`
	// Suggestions are answerable questions close to one that could not be
	// answered offline.
	Suggestions []string `json:"suggestions,omitempty"`
}

// Answered reports whether a query ran and returned a result.
func (a Answer) Answered() bool { return a.Result != nil }

func (a *Asker) logger() *slog.Logger {
	if a.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return a.Logger
}

func (a *Asker) now() time.Time {
	if a.Now == nil {
		return time.Now()
	}
	return a.Now()
}

var ratingEmoji = strings.NewReplacer("👎", " thumbs down ", "👍", " thumbs up ")

// writeVerbs start a request to change the graph rather than a question.
var writeVerbs = map[string]bool{"delete": true, "remove": true, "create": true, "add": true, "insert": true,
	"update": true, "rename": true, "drop": true, "set": true, "merge": true, "wipe": true, "clear": true, "erase": true}

// QueryError is a statement the engine could not run: a syntax error, an
// unknown label, a timeout.
type QueryError struct {
	Cypher string
	Err    error
}

func (e *QueryError) Error() string { return e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

// ErrReadOnly is wrapped by the refusal of a request to change the graph.
var ErrReadOnly = errors.New("questions can only read the graph")

// Ask answers question in session s and, when it answered, appends the turn.
// A refused statement returns a *RefusedError; an engine error after the
// last try returns it with the Answer holding every attempt. A question that
// cannot be answered offline is not an error: the Answer says so and lists
// Suggestions.
func (a *Asker) Ask(ctx context.Context, s *Session, question string) (Answer, error) {
	question = strings.TrimSpace(question)
	ans := Answer{Question: question}
	if question == "" {
		return ans, errors.New("empty question")
	}
	if words := strings.Fields(strings.ToLower(question)); writeVerbs[strings.Trim(words[0], ".,:!?")] {
		return ans, &RefusedError{Reason: fmt.Sprintf("%q asks to change the graph; %v", words[0], ErrReadOnly), Err: ErrReadOnly}
	}
	cat, err := a.Catalogs.Catalog(ctx)
	if err != nil {
		return ans, fmt.Errorf("reading the graph's names: %w", err)
	}
	prior := s.entities()
	// The rating buttons' emoji are words to the reader ("rated 👎").
	m := Mask(ratingEmoji.Replace(question), cat, prior, a.now())
	ans.Masked, ans.Entities = m.Text, m.Entities
	k := a.K
	if k <= 0 {
		k = DefaultK
	}
	top := Retrieve(m.Text, s.masked(), a.Examples, k)
	all := append(append([]Entity{}, prior...), m.Entities...)
	if a.LLM != nil {
		err = a.askLLM(ctx, s, &ans, top, all)
		var unavailable *llmError
		if errors.As(err, &unavailable) && ctx.Err() == nil {
			// The endpoint failed (after the client's own retries): the
			// examples still answer what they can.
			a.logger().Warn("ask: LLM unavailable, answering offline", "err", err)
			ans = Answer{Question: ans.Question, Masked: ans.Masked, Entities: ans.Entities}
			err = a.askOffline(ctx, &ans, top, all)
			ans.Summary = "(LLM unavailable: answered from the examples) " + ans.Summary
		}
	} else {
		err = errNoForm
		if !a.ExamplesOnly {
			err = a.askForm(ctx, &ans, m, s.lastForm(), cat)
		}
		if errors.Is(err, errNoForm) {
			err = a.askOffline(ctx, &ans, top, all)
		}
	}
	if err != nil || ans.Result == nil {
		return ans, err
	}
	s.Turns = append(s.Turns, Turn{Question: firstNonEmpty(ans.Rewritten, question), Masked: m.Text,
		Entities: m.Entities, Cypher: ans.Cypher, Rows: len(ans.Result.Rows), Form: ans.Form})
	return ans, nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// Run guards and runs a statement as written (the admin page's edited Cypher).
func (a *Asker) Run(ctx context.Context, cypher string) (Result, error) {
	if err := Guard(cypher); err != nil {
		return Result{}, err
	}
	res, err := a.Engine.Query(ctx, cypher, a.Limits.withDefaults())
	if err != nil && ctx.Err() == nil {
		return Result{}, &QueryError{Cypher: cypher, Err: err}
	}
	return res, err
}

// errNoForm says a question could not be read into a Form.
var errNoForm = errors.New("not understood as a form")

// askForm answers a question read into a Form, refining the previous turn's
// form for a follow-up. It returns errNoForm when the question is not read.
func (a *Asker) askForm(ctx context.Context, ans *Answer, m Masked, prev *Form, cat *Catalog) error {
	f, err := ParseForm(m, prev, cat, a.now())
	if err != nil {
		a.logger().Debug("ask: no form", "question", ans.Question, "err", err)
		return errNoForm
	}
	cypher, err := Compile(f)
	if err != nil {
		a.logger().Debug("ask: form does not compile", "form", f.String(), "err", err)
		return errNoForm
	}
	ans.Mode, ans.Form = ModeForm, &f
	return a.answerWith(ctx, ans, cypher)
}

// answerWith runs cypher as ans's query: the attempt is recorded and, when
// it ran, its result and summary are the answer.
func (a *Asker) answerWith(ctx context.Context, ans *Answer, cypher string) error {
	ans.Cypher = cypher
	res, err := a.Run(ctx, cypher)
	ans.Attempts = append(ans.Attempts, attempt(cypher, res, err))
	if err != nil {
		return err
	}
	ans.Result, ans.Summary = &res, Summarize(res)
	return nil
}

// askOffline answers with the best example whose placeholders the
// conversation can fill, if it is similar enough.
func (a *Asker) askOffline(ctx context.Context, ans *Answer, top []Scored, entities []Entity) error {
	ans.Mode = ModeOffline
	minScore := a.MinScore
	if minScore <= 0 {
		minScore = DefaultMinScore
	}
	for i := range top {
		ex := top[i]
		if ex.Score < minScore {
			break
		}
		cypher, err := Fill(ex.Cypher, entities)
		if err != nil {
			continue
		}
		ans.Example = &ex
		return a.answerWith(ctx, ans, cypher)
	}
	ans.Suggestions = suggestions(top)
	ans.Summary = "I can't answer that offline: it is not close enough to a question I know how to turn into a query."
	if len(ans.Suggestions) > 0 {
		ans.Summary += " Closest questions I can answer: " + strings.Join(ans.Suggestions, "; ")
	}
	return nil
}

// suggestions lists the retrieved questions that stand alone, readable.
func suggestions(top []Scored) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range top {
		if len(s.Previous) > 0 {
			continue
		}
		q := Readable(s.Question)
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// Readable shows a masked question's placeholders as the kind of value they
// stand for: "how many nodes does <PAGE_1> have" → "how many nodes does [page] have".
func Readable(masked string) string {
	return placeholderRe.ReplaceAllStringFunc(masked, func(ph string) string {
		return "[" + strings.ToLower(placeholderRe.FindStringSubmatch(ph)[1]) + "]"
	})
}

func attempt(cypher string, res Result, err error) Attempt {
	at := Attempt{Cypher: cypher, Rows: len(res.Rows)}
	if err != nil {
		at.Error = err.Error()
	}
	return at
}

// llmError is a failed LLM call (as opposed to a failed query).
type llmError struct{ err error }

func (e *llmError) Error() string { return "asking the LLM for Cypher: " + e.err.Error() }
func (e *llmError) Unwrap() error { return e.err }

// cypherAnswer is what the LLM answers.
type cypherAnswer struct {
	Question string `json:"question"`
	Cypher   string `json:"cypher"`
}

func (c *cypherAnswer) Validate() error {
	if strings.TrimSpace(c.Cypher) == "" {
		return errors.New(`"cypher" is empty: give one Cypher statement`)
	}
	return nil
}

// askLLM asks the model for Cypher and feeds back the engine's error, a
// refusal or an empty result, MaxTries attempts in all.
func (a *Asker) askLLM(ctx context.Context, s *Session, ans *Answer, top []Scored, entities []Entity) error {
	ans.Mode = ModeLLM
	data := prompts.AskCypher{Schema: Schema, Dialect: a.Dialect, Question: ans.Question, Masked: ans.Masked}
	if data.Dialect == "" {
		data.Dialect = DialectEmbedded
	}
	for _, ex := range top {
		data.Examples = append(data.Examples, prompts.AskExample{Previous: ex.Previous, Question: ex.Question, Cypher: ex.Cypher})
	}
	for _, t := range s.Turns {
		data.History = append(data.History, prompts.AskTurn{Question: t.Question, Cypher: t.Cypher, Rows: t.Rows})
	}
	for _, e := range entities {
		data.Entities = append(data.Entities, prompts.AskEntity{Placeholder: e.Placeholder, Literal: e.Literal()})
	}
	msgs, err := prompts.Messages("ask_cypher", data)
	if err != nil {
		return err
	}
	var lastErr error
	for try := 1; try <= MaxTries; try++ {
		var out cypherAnswer
		if err := a.LLM.JSON(ctx, msgs, &out); err != nil {
			return &llmError{err}
		}
		cypher := strings.TrimSpace(out.Cypher)
		prev := ""
		if n := len(ans.Attempts); n > 0 {
			prev = ans.Attempts[n-1].Cypher
		}
		ans.Rewritten, ans.Cypher = strings.TrimSpace(out.Question), cypher
		res, err := a.Run(ctx, cypher)
		ans.Attempts = append(ans.Attempts, attempt(cypher, res, err))
		a.logger().Info("ask: attempt", "try", try, "cypher", cypher, "rows", len(res.Rows), "error", err)
		var feedback string
		switch {
		case err != nil:
			lastErr = err
			feedback = "That query failed: " + err.Error() + "\nCorrect it and answer in the same JSON form."
		case len(res.Rows) == 0 && cypher != prev && try < MaxTries:
			// An empty result is often a wrong filter; the model confirms
			// it by sending the same query again.
			feedback = "That query returned no rows. If no rows is the right answer, send the same query again; otherwise correct it."
		default:
			ans.Result, ans.Summary = &res, Summarize(res)
			return nil
		}
		reply, _ := json.Marshal(out)
		msgs = append(msgs, llm.Message{Role: "assistant", Content: string(reply)}, llm.Message{Role: "user", Content: feedback})
		if len(res.Rows) == 0 && err == nil {
			lastErr = nil
			ans.Result, ans.Summary = &res, Summarize(res) // kept if the tries run out
		} else {
			ans.Result = nil
		}
	}
	if ans.Result != nil {
		return nil
	}
	return lastErr
}

// Summarize says in one line what a result holds.
func Summarize(r Result) string {
	switch {
	case len(r.Rows) == 0:
		return "No rows."
	case len(r.Rows) == 1 && len(r.Columns) == 1:
		return fmt.Sprintf("%s: %s", r.Columns[0], Format(r.Rows[0][0]))
	}
	var firsts []string
	for _, row := range r.Rows[:min(3, len(r.Rows))] {
		if len(row) > 0 {
			firsts = append(firsts, Format(row[0]))
		}
	}
	more := ""
	if len(r.Rows) > 3 {
		more = ", …"
	}
	n := fmt.Sprintf("%d rows", len(r.Rows))
	if r.Truncated {
		n = fmt.Sprintf("more than %d rows (the first %d shown)", len(r.Rows), len(r.Rows))
	}
	return fmt.Sprintf("%s: %s%s", n, strings.Join(firsts, ", "), more)
}

// Format writes one result value for a table cell.
func Format(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return v
	case []any, map[string]any:
		b, _ := json.Marshal(v)
		return string(b)
	default:
		return fmt.Sprint(v)
	}
}
