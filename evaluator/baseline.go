package evaluator

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"sort"
	"strings"
)

// A question set is a team's regression suite: after the pages or the
// agent change, what matters is which questions moved, not only the
// rates. A baseline is an earlier run's questions.jsonl (WriteReports).

// TurnChange is one reply whose verdict differs from the baseline's reply
// to the same message of the same question, asked of the same agent.
type TurnChange struct {
	Agent    string       `json:"agent"`
	Question string       `json:"question"` // the question's opening message
	Turn     int          `json:"turn"`     // 0 the question, 1… its follow-ups
	Message  string       `json:"message"`
	Before   QuestionTurn `json:"before"`
	Now      QuestionTurn `json:"now"`
	// Gained: the reply is right now and was not (on a gold page, or a
	// near-domain message no longer answered); else it was lost.
	Gained bool `json:"gained"`
}

// Baseline is how a run compares with an earlier one.
type Baseline struct {
	Path    string       // the baseline's questions.jsonl
	Changes []TurnChange // in set order
	// Unmatched counts this run's replies to messages the baseline did
	// not ask (a question added or reworded since).
	Unmatched int
}

// ReadQuestionTurns reads a run's questions.jsonl.
func ReadQuestionTurns(path string) ([]QuestionTurn, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading baseline: %w", err)
	}
	defer f.Close()
	var turns []QuestionTurn
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var t QuestionTurn
		if err := json.Unmarshal(sc.Bytes(), &t); err != nil {
			return nil, fmt.Errorf("reading baseline %s: line %d: not a question turn of evaluate --questions: %w", path, line, err)
		}
		if t.Agent == "" || t.Question < 1 || t.Turn < 0 {
			return nil, fmt.Errorf("reading baseline %s: line %d: not a question turn of evaluate --questions (want agent, question ≥ 1, turn ≥ 0)", path, line)
		}
		turns = append(turns, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading baseline %s: %w", path, err)
	}
	if len(turns) == 0 {
		return nil, fmt.Errorf("reading baseline %s: no question turns", path)
	}
	return turns, nil
}

// right reports whether t is what the set wants: on a gold page, or a
// near-domain message not answered from a page.
func (t QuestionTurn) right() bool { return t.OnGold || t.NearDomain && !t.Answered }

// turnKey names a reply independently of the question's line number, so
// a set edited between the runs still lines up.
type turnKey struct {
	agent, opening, message string
	turn                    int
}

func keysOf(turns []QuestionTurn) []turnKey {
	type asked struct {
		agent    string
		question int
	}
	opening := map[asked]string{}
	for _, t := range turns {
		if t.Turn == 0 {
			opening[asked{t.Agent, t.Question}] = t.Message
		}
	}
	keys := make([]turnKey, len(turns))
	for i, t := range turns {
		keys[i] = turnKey{t.Agent, opening[asked{t.Agent, t.Question}], t.Message, t.Turn}
	}
	return keys
}

// CompareTurns returns how now differs from before, reply by reply.
func CompareTurns(before, now []QuestionTurn, path string) *Baseline {
	old := map[turnKey]QuestionTurn{}
	for i, k := range keysOf(before) {
		old[k] = before[i]
	}
	b := &Baseline{Path: path}
	for i, k := range keysOf(now) {
		was, ok := old[k]
		if !ok {
			b.Unmatched++
			continue
		}
		if t := now[i]; was.right() != t.right() {
			b.Changes = append(b.Changes, TurnChange{Agent: k.agent, Question: k.opening, Turn: k.turn, Message: k.message,
				Before: was, Now: t, Gained: t.right()})
		}
	}
	sort.SliceStable(b.Changes, func(i, j int) bool {
		x, y := b.Changes[i].Now, b.Changes[j].Now
		return x.Question < y.Question || x.Question == y.Question && x.Turn < y.Turn
	})
	return b
}

// CompareWith compares qr's replies with before, an earlier run's
// (ReadQuestionTurns of path), and counts each agent's replies gained and
// lost in its metrics.
func (qr *QuestionsResult) CompareWith(before []QuestionTurn, path string) {
	qr.Baseline = CompareTurns(before, qr.Turns, path)
	for _, a := range qr.Agents {
		m := qr.Metrics[a]
		g, l := qr.Baseline.Counts(a)
		m.SinceBaseline = &BaselineCounts{Gained: g, Lost: l}
		qr.Metrics[a] = m
	}
}

// BaselineCounts are an agent's replies that became right (Gained) and
// wrong (Lost) since the baseline (metrics.json "since_baseline").
type BaselineCounts struct {
	Gained int `json:"gained"`
	Lost   int `json:"lost"`
}

// Counts returns how many of agent's replies were gained and lost.
func (b *Baseline) Counts(agent string) (gained, lost int) {
	for _, c := range b.Changes {
		if c.Agent != agent {
			continue
		}
		if c.Gained {
			gained++
		} else {
			lost++
		}
	}
	return gained, lost
}

// baselineSummary is one line: each agent's replies gained and lost.
func baselineSummary(qr *QuestionsResult) string { return "since the baseline: " + baselineCounts(qr) }

// baselineCounts reads "graph +2 −1 · rag +0 −0 replies".
func baselineCounts(qr *QuestionsResult) string {
	var parts []string
	for _, a := range qr.Agents {
		g, l := qr.Baseline.Counts(a)
		parts = append(parts, fmt.Sprintf("%s +%d −%d", a, g, l))
	}
	s := strings.Join(parts, " · ") + " replies"
	if n := qr.Baseline.Unmatched; n > 0 {
		s += fmt.Sprintf(" (and %d replies to messages the baseline did not ask)", n)
	}
	return s
}

// baselineIntro says what the changes table lists.
const baselineIntro = "Replies whose verdict differs from the baseline's reply to the same message " +
	"(✓ on a gold page, or a near-domain message not answered; ✗ otherwise)."

func baselineMarkdown(b *strings.Builder, qr *QuestionsResult) {
	fmt.Fprintf(b, "\n## Since the baseline\n\n%s Baseline: %s. Changed: %s.\n\n", baselineIntro, qr.Baseline.Path, baselineCounts(qr))
	if len(qr.Baseline.Changes) == 0 {
		b.WriteString("No reply changed.\n")
		return
	}
	b.WriteString("| message | agent | before | now |\n|---|---|---|---|\n")
	for _, c := range qr.Baseline.Changes {
		b.WriteString("|")
		for _, cell := range changeCells(c) {
			b.WriteString(" " + mdCell(cell) + " |")
		}
		b.WriteString("\n")
	}
}

func baselineHTML(t *strings.Builder, qr *QuestionsResult) {
	esc := template.HTMLEscapeString
	fmt.Fprintf(t, "<h3>Since the baseline</h3>\n<p>%s Baseline: %s. Changed: %s.</p>\n", esc(baselineIntro), esc(qr.Baseline.Path), esc(baselineCounts(qr)))
	if len(qr.Baseline.Changes) == 0 {
		t.WriteString("<p>No reply changed.</p>\n")
		return
	}
	t.WriteString("<table><tr><th>message</th><th>agent</th><th>before</th><th>now</th></tr>\n")
	for _, c := range qr.Baseline.Changes {
		t.WriteString("<tr>")
		for _, cell := range changeCells(c) {
			t.WriteString("<td>" + esc(cell) + "</td>")
		}
		t.WriteString("</tr>\n")
	}
	t.WriteString("</table>\n")
}

// changeCells are a change's row: message, agent, reply before, reply now.
func changeCells(c TurnChange) []string {
	msg := c.Message
	if c.Turn > 0 {
		msg = "↳ " + msg
	}
	return []string{msg, c.Agent, turnCell(c.Before), turnCell(c.Now)}
}
