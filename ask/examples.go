package ask

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/internal/jsonl"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Example is one (question, Cypher) pair of the library. Question and
// Previous are masked: entity values are placeholders such as <PAGE_1>,
// numbered per type across the conversation, and Cypher uses the same
// placeholders where the values go.
type Example struct {
	Question string `json:"question"`
	Cypher   string `json:"cypher"`
	// Previous are the earlier questions of a multi-turn sequence, oldest
	// first; empty for a question that stands alone.
	Previous []string `json:"previous,omitempty"`
}

//go:embed examples.jsonl
var defaultExamples []byte

// DefaultExamples returns the shipped example library.
func DefaultExamples() []Example {
	exs, err := ReadExamples(bytes.NewReader(defaultExamples))
	if err != nil {
		panic(fmt.Sprintf("shipped examples.jsonl: %v", err)) // checked by TestDefaultExamples
	}
	return exs
}

// ReadExamples reads a JSONL example library, checking each example: a
// question and a Cypher statement that passes Guard, and no placeholder in
// the Cypher that the questions do not introduce.
func ReadExamples(r io.Reader) ([]Example, error) {
	return jsonl.Read(r, jsonl.Options{Strict: true, Comment: "//"}, func(_ int, ex *Example) error { return ex.check() })
}

func (ex Example) check() error {
	if strings.TrimSpace(ex.Question) == "" || strings.TrimSpace(ex.Cypher) == "" {
		return fmt.Errorf("an example needs a question and a cypher")
	}
	if err := guardPlaceholders(ex.Cypher); err != nil {
		return fmt.Errorf("example %q: %w", ex.Question, err)
	}
	known := map[string]bool{}
	for _, q := range append(append([]string{}, ex.Previous...), ex.Question) {
		for _, ph := range placeholderRe.FindAllString(q, -1) {
			known[ph] = true
		}
	}
	for _, ph := range placeholderRe.FindAllString(ex.Cypher, -1) {
		if !known[ph] {
			return fmt.Errorf("example %q: cypher uses %s, which no question introduces", ex.Question, ph)
		}
	}
	return nil
}

// Scored is an example with its similarity to a masked question (0..1).
type Scored struct {
	Example
	Score float64 `json:"score"`
}

// Retrieve returns the k examples most similar to the masked question,
// best first. history are the conversation's earlier masked questions,
// oldest first: a multi-turn example scores on its question and on how much
// its previous questions resemble the conversation's.
func Retrieve(masked string, history []string, exs []Example, k int) []Scored {
	q := shape(masked)
	var hist [][]string
	for _, h := range history {
		hist = append(hist, shape(h))
	}
	scored := make([]Scored, 0, len(exs))
	for _, ex := range exs {
		s := similarity(q, shape(ex.Question))
		if len(ex.Previous) > 0 {
			s = 0.6*s + 0.4*historySimilarity(hist, ex.Previous)
		}
		scored = append(scored, Scored{Example: ex, Score: s})
	}
	sort.SliceStable(scored, func(i, j int) bool { return scored[i].Score > scored[j].Score })
	if k > 0 && len(scored) > k {
		scored = scored[:k]
	}
	return scored
}

// historySimilarity compares the conversation's last turns with an example's
// previous questions, aligned from the most recent.
func historySimilarity(hist [][]string, previous []string) float64 {
	if len(hist) == 0 {
		return 0
	}
	n := min(len(hist), len(previous))
	var sum float64
	for i := 1; i <= n; i++ {
		sum += similarity(hist[len(hist)-i], shape(previous[len(previous)-i]))
	}
	// Turns the example expects but the conversation lacks count as misses.
	return sum / float64(len(previous))
}

// shape turns a masked question into comparable tokens: stemmed words
// without articles, and placeholders by type only (<PAGE_2> and <PAGE_1> are
// the same shape). "the <PAGE_1> page" is the same shape as "<PAGE_1>".
func shape(masked string) []string {
	var toks []string
	words := func(s string) {
		for _, w := range lexical.Words(s) {
			if articles[w] || (w == "page" && len(toks) > 0 && toks[len(toks)-1] == "<PAGE>") {
				continue
			}
			toks = append(toks, lexical.Stem(w))
		}
	}
	pos := 0
	for _, m := range placeholderRe.FindAllStringSubmatchIndex(masked, -1) {
		words(masked[pos:m[0]])
		toks = append(toks, "<"+masked[m[2]:m[3]]+">")
		pos = m[1]
	}
	words(masked[pos:])
	return toks
}

var articles = map[string]bool{"the": true, "a": true, "an": true}

// similarity is the mean of the Dice coefficients of the two token lists'
// unigrams and bigrams: word order matters a little, wording more.
func similarity(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if strings.Join(a, " ") == strings.Join(b, " ") {
		return 1
	}
	return (dice(a, b) + dice(bigrams(a), bigrams(b))) / 2
}

func bigrams(t []string) []string {
	out := make([]string, 0, len(t))
	for i := 0; i+1 < len(t); i++ {
		out = append(out, t[i]+" "+t[i+1])
	}
	return out
}

func dice(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 0
	}
	return 2 * float64(lexical.Common(a, b)) / float64(len(a)+len(b))
}

// Fill replaces the placeholders of an example's Cypher with the entities'
// values as literals. It fails when the Cypher needs an entity that is not
// there.
func Fill(cypher string, entities []Entity) (string, error) {
	byPH := map[string]Entity{}
	for _, e := range entities {
		byPH[e.Placeholder] = e
	}
	var missing []string
	out := placeholderRe.ReplaceAllStringFunc(cypher, func(ph string) string {
		e, ok := byPH[ph]
		if !ok {
			missing = append(missing, ph)
			return ph
		}
		return e.Literal()
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("the question names no value for %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// Shape is a question's comparable form: stemmed words without articles,
// placeholders by type. Two questions of the same shape are the same
// question to Retrieve (the evaluation set must share none with the library).
func Shape(question string) string { return strings.Join(shape(question), " ") }
