package inquiry

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// doc2dialDialogue is one line of doc2dial's dialogues.jsonl (the layout of
// /work/shared/data/doc2dial-ssa; see its README).
type doc2dialDialogue struct {
	DialID string `json:"dial_id"`
	DocID  string `json:"doc_id"`
	Turns  []struct {
		Role       string  `json:"role"`
		Utterance  *string `json:"utterance"`
		DA         *string `json:"da"`
		References []struct {
			SpID  string  `json:"sp_id"`
			Label *string `json:"label"`
			Text  string  `json:"text_sp"`
		} `json:"references"`
	} `json:"turns"`
}

// ImportStats says what an import kept and what it skipped.
type ImportStats struct {
	Dialogues int            `json:"dialogues"`
	Imported  int            `json:"imported"`
	Skipped   map[string]int `json:"skipped"` // reason -> count
}

// Skip reasons.
const (
	SkipNoGrounding = "no grounding spans on agent turns"
	SkipNoUtterance = "no first user utterance"
)

// ImportDoc2Dial converts DIR/dialogues.jsonl (doc2dial format) into
// resolvable inquiries: the first user turn is the utterance, the agent
// turns' grounding spans ("solution" ones when labels are known) are the
// gold response and core facts, and user answers to the agent's
// query_condition turns are hidden facts. Dialogues without grounding are
// skipped and counted.
func ImportDoc2Dial(dir string) ([]Inquiry, ImportStats, error) {
	st := ImportStats{Skipped: map[string]int{}}
	path := filepath.Join(dir, "dialogues.jsonl")
	f, err := os.Open(path)
	if err != nil {
		return nil, st, fmt.Errorf("importing doc2dial: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	var out []Inquiry
	seen := make(map[string]bool)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var d doc2dialDialogue
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			return nil, st, fmt.Errorf("importing doc2dial: %s line %d: %w", path, line, err)
		}
		st.Dialogues++
		q, reason := fromDoc2Dial(&d)
		if reason != "" {
			st.Skipped[reason]++
			continue
		}
		if seen[q.ID] {
			q.ID += "-" + strconv.Itoa(line)
		}
		seen[q.ID] = true
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		return nil, st, fmt.Errorf("importing doc2dial: reading %s: %w", path, err)
	}
	st.Imported = len(out)
	return out, st, nil
}

func fromDoc2Dial(d *doc2dialDialogue) (Inquiry, string) {
	q := Inquiry{ID: d.DialID, Kind: Resolvable}
	q.Topic, _, _ = strings.Cut(d.DocID, "#")
	for _, t := range d.Turns {
		if t.Role == "user" && t.Utterance != nil && strings.TrimSpace(*t.Utterance) != "" {
			q.Utterance = cleanSpan(*t.Utterance)
			break
		}
	}
	if q.Utterance == "" {
		return q, SkipNoUtterance
	}
	labelled := false
	for _, t := range d.Turns {
		for _, r := range t.References {
			if t.Role == "agent" && r.Label != nil && *r.Label == "solution" {
				labelled = true
			}
		}
	}
	seen := make(map[string]bool)
	for _, t := range d.Turns {
		if t.Role != "agent" {
			continue
		}
		for _, r := range t.References {
			if labelled && (r.Label == nil || *r.Label != "solution") {
				continue
			}
			s := cleanSpan(r.Text)
			if s == "" || seen[r.SpID+"\x00"+s] {
				continue
			}
			seen[r.SpID+"\x00"+s] = true
			q.CoreFacts = append(q.CoreFacts, s)
		}
	}
	if len(q.CoreFacts) == 0 {
		return q, SkipNoGrounding
	}
	q.GoldResponse = strings.Join(q.CoreFacts, " ")
	// An agent query_condition turn followed by a user turn: the user's
	// answer is something the simulated user knows.
	for i := 0; i+1 < len(d.Turns); i++ {
		a, u := d.Turns[i], d.Turns[i+1]
		if a.Role != "agent" || a.DA == nil || *a.DA != "query_condition" || u.Role != "user" || u.Utterance == nil {
			continue
		}
		key := ""
		if len(a.References) > 0 {
			key = slug(cleanSpan(a.References[0].Text))
		}
		if key == "" || q.HiddenFacts[key] != "" {
			key = "condition_" + strconv.Itoa(len(q.HiddenFacts)+1)
		}
		if q.HiddenFacts == nil {
			q.HiddenFacts = make(map[string]string)
		}
		q.HiddenFacts[key] = cleanSpan(*u.Utterance)
	}
	return q, ""
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
