package inquiry

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/helpgraph/helpgraph/doc2dial"
)

// ImportStats says what an import kept and what it skipped.
type ImportStats struct {
	Dialogues int            `json:"dialogues"`
	Imported  int            `json:"imported"`
	Skipped   map[string]int `json:"skipped"` // reason -> count
	// Fallbacks counts inquiries whose answer could not be told from a
	// clarification (see ImportDoc2Dial) and is the first grounded agent turn.
	Fallbacks int `json:"fallbacks"`
}

// Skip reasons.
const (
	SkipNoGrounding = "no grounding spans on agent turns"
	SkipNoUtterance = "no first user utterance"
)

// ImportDoc2Dial converts DIR/dialogues.jsonl (doc2dial format) into
// resolvable inquiries, one per dialogue, about the dialogue's first user
// utterance only (the simulated user asks one question):
//
//   - The answer is the first agent turn after that utterance that gives a
//     solution: with labels, the first whose spans include a "solution" one;
//     without (reconstructed dialogues), the first grounded turn that is not
//     a question. The grounded agent turns before it are clarifications. When
//     no turn qualifies, the answer is the first grounded agent turn.
//   - core_facts are the answer's spans ("solution" ones when labelled);
//     gold_response is every span of the clarifications and the answer, in
//     document order.
//   - Every user reply to an agent question, anywhere in the dialogue, is a
//     hidden fact: the key names what was asked (its grounding span), the
//     value is what the user said.
//
// Dialogues without a first utterance or grounding are skipped and counted.
func ImportDoc2Dial(dir string) ([]Inquiry, ImportStats, error) {
	st := ImportStats{Skipped: map[string]int{}}
	ds, err := doc2dial.Read(dir)
	if err != nil {
		return nil, st, fmt.Errorf("importing doc2dial: %w", err)
	}
	var out []Inquiry
	seen := make(map[string]bool)
	for i := range ds {
		st.Dialogues++
		q, fellBack, reason := fromDoc2Dial(&ds[i])
		if reason != "" {
			st.Skipped[reason]++
			continue
		}
		if fellBack {
			st.Fallbacks++
		}
		if seen[q.ID] {
			q.ID += "-" + strconv.Itoa(i+1)
		}
		seen[q.ID] = true
		out = append(out, q)
	}
	st.Imported = len(out)
	return out, st, nil
}

func fromDoc2Dial(d *doc2dial.Dialogue) (q Inquiry, fellBack bool, skip string) {
	q = Inquiry{ID: d.DialID, Kind: Resolvable}
	q.Topic, _, _ = strings.Cut(d.DocID, "#")
	first := -1
	for i := range d.Turns {
		if t := &d.Turns[i]; t.Role == doc2dial.User && t.Text() != "" {
			q.Utterance, first = cleanSpan(t.Text()), i
			break
		}
	}
	if first < 0 {
		return q, false, SkipNoUtterance
	}
	labelled := d.Labelled()
	clarifications, answer := answerTo(d, first, labelled)
	if answer == nil {
		// Only questions: the first grounded agent turn.
		for i := first + 1; i < len(d.Turns) && answer == nil; i++ {
			if t := &d.Turns[i]; t.Role == doc2dial.Agent && t.Grounded() {
				answer = t
			}
		}
		clarifications, fellBack = nil, true
	}
	if answer == nil {
		return q, false, SkipNoGrounding
	}
	var gold []doc2dial.Reference
	for _, t := range clarifications {
		gold = append(gold, t.References...)
	}
	gold = append(gold, answer.References...)
	seen := make(map[string]bool)
	for _, r := range answer.References {
		if labelled && (r.Label == nil || *r.Label != doc2dial.Solution) {
			continue
		}
		if s := cleanSpan(r.Text); s != "" && !seen[s] {
			seen[s] = true
			q.CoreFacts = append(q.CoreFacts, s)
		}
	}
	if len(q.CoreFacts) == 0 {
		return q, false, SkipNoGrounding
	}
	q.GoldResponse = goldText(gold)
	q.HiddenFacts = hiddenFacts(d, labelled)
	return q, fellBack, ""
}

// answerTo finds the agent turn answering the user turn at index first and
// the grounded agent turns before it (clarifications); answer is nil when no
// later agent turn gives a solution.
func answerTo(d *doc2dial.Dialogue, first int, labelled bool) (clarifications []*doc2dial.Turn, answer *doc2dial.Turn) {
	for i := first + 1; i < len(d.Turns); i++ {
		t := &d.Turns[i]
		if t.Role != doc2dial.Agent || !t.Grounded() {
			continue
		}
		if labelled && t.HasLabel(doc2dial.Solution) || !labelled && !isQuestion(t, labelled) {
			return clarifications, t
		}
		clarifications = append(clarifications, t)
	}
	return nil, nil
}

// isQuestion reports whether an agent turn asks the user something: its act
// when annotated, else whether its utterance is a question.
func isQuestion(t *doc2dial.Turn, labelled bool) bool {
	if t.Role != doc2dial.Agent {
		return false
	}
	if labelled && t.DA != nil {
		return t.Act() == "query_condition"
	}
	return strings.HasSuffix(t.Text(), "?")
}

// hiddenFacts are the user's replies to the agent's questions.
func hiddenFacts(d *doc2dial.Dialogue, labelled bool) map[string]string {
	var facts map[string]string
	for i := 0; i+1 < len(d.Turns); i++ {
		a, u := &d.Turns[i], &d.Turns[i+1]
		if !isQuestion(a, labelled) || u.Role != doc2dial.User || u.Text() == "" {
			continue
		}
		key := ""
		if a.Grounded() {
			key = slug(cleanSpan(a.Grounding()))
		} else {
			key = slug(cleanSpan(a.Text()))
		}
		if facts == nil {
			facts = make(map[string]string)
		}
		if key == "" || facts[key] != "" {
			key = "condition_" + strconv.Itoa(len(facts)+1)
		}
		facts[key] = cleanSpan(u.Text())
	}
	return facts
}

// goldText joins spans once each, in document order (span ids are
// positions in the document).
func goldText(refs []doc2dial.Reference) string {
	seen := make(map[string]bool)
	var uniq []doc2dial.Reference
	for _, r := range refs {
		if strings.TrimSpace(r.Text) == "" || seen[r.SpID+"\x00"+r.Text] {
			continue
		}
		seen[r.SpID+"\x00"+r.Text] = true
		uniq = append(uniq, r)
	}
	sort.SliceStable(uniq, func(i, j int) bool {
		a, errA := strconv.Atoi(uniq[i].SpID)
		b, errB := strconv.Atoi(uniq[j].SpID)
		return errA == nil && errB == nil && a < b
	})
	var b strings.Builder
	for _, r := range uniq {
		b.WriteString(r.Text)
		b.WriteByte(' ')
	}
	return cleanSpan(b.String())
}

var (
	spaceBeforePunct = regexp.MustCompile(`\s+([,.;:!?)%])`)
	spaceAfterOpen   = regexp.MustCompile(`([(])\s+`)
)

// cleanSpan undoes doc2dial's tokenised spacing ("word , word" → "word, word")
// and collapses white space.
func cleanSpan(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ")
	s = spaceBeforePunct.ReplaceAllString(s, "$1")
	s = spaceAfterOpen.ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, " 's ", "'s ")
	return strings.TrimRight(s, ", ")
}

// SkipReasons returns st's skip reasons sorted, for reporting.
func (st ImportStats) SkipReasons() []string {
	var out []string
	for r, n := range st.Skipped {
		out = append(out, fmt.Sprintf("%d: %s", n, r))
	}
	sort.Strings(out)
	return out
}
