package ask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/internal/jsonl"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// EvalItem is one question of an evaluation set (JSONL). Previous are the
// earlier questions of its conversation, asked first in the same session.
// The gold answer is GoldCypher's result on the same engine, or GoldRows.
type EvalItem struct {
	ID         string   `json:"id"`
	Question   string   `json:"question"`
	Previous   []string `json:"previous,omitempty"`
	GoldCypher string   `json:"gold_cypher,omitempty"`
	GoldRows   [][]any  `json:"gold_rows,omitempty"`
}

// Round is the item's turn number in its conversation (1 for a single question).
func (it EvalItem) Round() int { return len(it.Previous) + 1 }

// ReadEvalItems reads a JSONL evaluation set.
func ReadEvalItems(r io.Reader) ([]EvalItem, error) {
	return jsonl.Read(r, jsonl.Options{Strict: true, UseNumber: true}, func(line int, it *EvalItem) error {
		if it.Question == "" || (it.GoldCypher == "" && it.GoldRows == nil) {
			return errors.New("an item needs a question and gold_cypher or gold_rows")
		}
		if it.ID == "" {
			it.ID = fmt.Sprintf("line-%d", line)
		}
		return nil
	})
}

// EvalOutcome is how one item went.
type EvalOutcome struct {
	ID       string `json:"id"`
	Round    int    `json:"round"`
	Question string `json:"question"`
	Masked   string `json:"masked"`
	Cypher   string `json:"cypher,omitempty"`
	// Mode is how the question was answered: ModeForm, ModeOffline (an
	// example) or ModeLLM.
	Mode    string `json:"mode,omitempty"`
	Correct bool   `json:"correct"`
	// Error is an engine or syntax error (or a refusal) of the final query.
	Error string `json:"error,omitempty"`
	// Unanswered: no query was produced (offline, nothing close enough).
	Unanswered bool `json:"unanswered,omitempty"`
	Tries      int  `json:"tries"`
	// InLibrary: the masked question (and its previous turns) is an example
	// of the library word for word.
	InLibrary bool `json:"in_library"`
}

// RoundStat is execution accuracy at one round (R1..R4, and R5+ together).
type RoundStat struct {
	Round   string `json:"round"`
	Total   int    `json:"total"`
	Correct int    `json:"correct"`
}

// EvalReport is an evaluation's result.
type EvalReport struct {
	Total      int           `json:"total"`
	Correct    int           `json:"correct"`
	Errors     int           `json:"errors"`
	Unanswered int           `json:"unanswered"`
	Tries      int           `json:"tries"` // attempts over all items
	Rounds     []RoundStat   `json:"rounds"`
	Items      []EvalOutcome `json:"items"`
}

// ByMode counts the items answered and answered correctly in each mode.
func (r EvalReport) ByMode() map[string][2]int {
	m := map[string][2]int{}
	for _, it := range r.Items {
		if it.Mode == "" || it.Cypher == "" {
			continue
		}
		c := m[it.Mode]
		c[0]++
		if it.Correct {
			c[1]++
		}
		m[it.Mode] = c
	}
	return m
}

// Accuracy is execution accuracy: the share of items whose result equals the gold's.
func (r EvalReport) Accuracy() float64 { return ratio(r.Correct, r.Total) }

// ErrorRate is the share of items whose final query failed.
func (r EvalReport) ErrorRate() float64 { return ratio(r.Errors, r.Total) }

// MeanTries is the mean number of attempts per item.
func (r EvalReport) MeanTries() float64 { return ratio(r.Tries, r.Total) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Evaluate asks every item (after its previous turns, in a fresh session)
// and compares its result with the gold's. progress, if not nil, is called
// after each item.
func Evaluate(ctx context.Context, a *Asker, items []EvalItem, progress func(done, total int)) (EvalReport, error) {
	var rep EvalReport
	library := map[string]bool{}
	for _, ex := range a.Examples {
		library[libraryKey(ex.Previous, ex.Question)] = true
	}
	rounds := map[string]*RoundStat{}
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		out, err := evalItem(ctx, a, it, library)
		if err != nil {
			return rep, fmt.Errorf("item %s: %w", it.ID, err)
		}
		rep.Items = append(rep.Items, out)
		rep.Total++
		rep.Tries += out.Tries
		if out.Correct {
			rep.Correct++
		}
		if out.Error != "" {
			rep.Errors++
		}
		if out.Unanswered {
			rep.Unanswered++
		}
		label := fmt.Sprintf("R%d", min(out.Round, 5))
		if out.Round >= 5 {
			label = "R5+"
		}
		if rounds[label] == nil {
			rounds[label] = &RoundStat{Round: label}
		}
		rounds[label].Total++
		if out.Correct {
			rounds[label].Correct++
		}
		if progress != nil {
			progress(i+1, len(items))
		}
	}
	for _, s := range rounds {
		rep.Rounds = append(rep.Rounds, *s)
	}
	sort.Slice(rep.Rounds, func(i, j int) bool { return rep.Rounds[i].Round < rep.Rounds[j].Round })
	return rep, nil
}

func libraryKey(previous []string, question string) string {
	parts := make([]string, 0, len(previous)+1)
	for _, p := range append(append([]string{}, previous...), question) {
		parts = append(parts, strings.Join(shapeExact(p), " "))
	}
	return strings.Join(parts, " | ")
}

// shapeExact is a masked question's words and placeholders, with numbering.
func shapeExact(masked string) []string {
	var toks []string
	pos := 0
	for _, m := range placeholderRe.FindAllStringIndex(masked, -1) {
		toks = append(toks, strings.Fields(strings.Join(wordsOf(masked[pos:m[0]]), " "))...)
		toks = append(toks, masked[m[0]:m[1]])
		pos = m[1]
	}
	return append(toks, wordsOf(masked[pos:])...)
}

func evalItem(ctx context.Context, a *Asker, it EvalItem, library map[string]bool) (EvalOutcome, error) {
	out := EvalOutcome{ID: it.ID, Round: it.Round(), Question: it.Question}
	gold := it.GoldRows
	if it.GoldCypher != "" {
		res, err := a.Run(ctx, it.GoldCypher)
		if err != nil {
			return out, fmt.Errorf("gold cypher: %w", err)
		}
		gold = res.Rows
	}
	s := &Session{}
	var maskedPrev []string
	for _, p := range it.Previous {
		ans, err := a.Ask(ctx, s, p)
		maskedPrev = append(maskedPrev, ans.Masked)
		if err != nil && !isQueryError(err) {
			return out, err
		}
	}
	ans, err := a.Ask(ctx, s, it.Question)
	out.Masked, out.Cypher, out.Tries, out.Mode = ans.Masked, ans.Cypher, len(ans.Attempts), ans.Mode
	out.InLibrary = library[libraryKey(maskedPrev, ans.Masked)]
	switch {
	case err != nil && !isQueryError(err):
		return out, err
	case err != nil:
		out.Error = err.Error()
	case ans.Result == nil:
		out.Unanswered = true
	default:
		out.Correct = SameRows(ans.Result.Rows, gold, strings.Contains(strings.ToUpper(it.GoldCypher), "ORDER BY"))
	}
	return out, nil
}

// isQueryError tells a query's failure (scored) from the evaluation's own
// (an unreachable LLM, a cancelled run), which stops it.
func isQueryError(err error) bool {
	var refused *RefusedError
	var failed *QueryError
	return errors.As(err, &refused) || errors.As(err, &failed)
}

// SameRows reports whether two results hold the same rows: in the same order
// when ordered is set, else as multisets. Column names do not matter, and
// numbers compare by value (1 equals 1.0).
func SameRows(a, b [][]any, ordered bool) bool {
	if len(a) != len(b) {
		return false
	}
	ka, kb := rowKeys(a), rowKeys(b)
	if !ordered {
		sort.Strings(ka)
		sort.Strings(kb)
	}
	for i := range ka {
		if ka[i] != kb[i] {
			return false
		}
	}
	return true
}

func rowKeys(rows [][]any) []string {
	keys := make([]string, len(rows))
	for i, r := range rows {
		b, _ := json.Marshal(normalizeRow(r))
		keys[i] = string(b)
	}
	return keys
}

func normalizeRow(r []any) []any {
	out := make([]any, len(r))
	for i, v := range r {
		out[i] = normalizeValue(v)
	}
	return out
}

func normalizeValue(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return v.String()
		}
		return f
	case int64:
		return float64(v)
	case int:
		return float64(v)
	case []any:
		return normalizeRow(v)
	default:
		return v
	}
}

func wordsOf(s string) []string { return lexical.Words(s) }
