package inquiry

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
)

// Phraser turns a graph path into the user's vague first message.
type Phraser interface {
	Utterance(ctx context.Context, p PathInfo) (string, error)
}

// PathInfo is what a Phraser sees of one root→leaf path.
type PathInfo struct {
	Topic      string   // the page title
	Root       string   // the root problem
	Leaf       string   // the leaf problem
	Conditions []string // the path's conditions the user must be asked for
}

// TemplatePhraser phrases the first message from the root problem alone, so
// the agent has to ask for the conditions. It is the offline Phraser.
type TemplatePhraser struct{}

var _ Phraser = TemplatePhraser{}

var utteranceTemplates = []string{
	"Hi, I have a question about %s.",
	"Can you help me with %s?",
	"I need some help: %s.",
	"Hello, it's about %s.",
}

// Utterance implements Phraser.
func (TemplatePhraser) Utterance(_ context.Context, p PathInfo) (string, error) {
	subject := strings.TrimRight(strings.TrimSpace(p.Root), ".?!")
	if subject == "" {
		subject = p.Topic
	}
	if r := []rune(subject); len(r) > 1 && unicode.IsUpper(r[0]) && !unicode.IsUpper(r[1]) {
		subject = string(unicode.ToLower(r[0])) + string(r[1:])
	}
	h := fnv.New32a()
	h.Write([]byte(p.Root + "\x00" + p.Leaf))
	return fmt.Sprintf(utteranceTemplates[int(h.Sum32())%len(utteranceTemplates)], subject), nil
}

// Generate builds a draft inquiry set from g: one inquiry per root→leaf path
// along child edges. The path's conditions become hidden facts and the
// leaf's resolution the gold response; a leaf that does not answer makes
// an escalation inquiry.
func Generate(ctx context.Context, g *graph.Graph, ph Phraser) ([]Inquiry, error) {
	ix := graph.NewIndex(g)
	var out []Inquiry
	for _, p := range g.Pages {
		root := ix.Root(p.URL)
		if root == "" {
			continue
		}
		var walk func(id string, path []string) error
		walk = func(id string, path []string) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			path = append(path, id)
			kids := ix.Children(id)
			if len(kids) > 0 {
				for _, k := range kids {
					if slices.Contains(path, k) { // a malformed cycle; stop rather than loop
						continue
					}
					if err := walk(k, path); err != nil {
						return err
					}
				}
				return nil
			}
			q, ok, err := fromPath(ctx, ix, p, path, ph)
			if err != nil {
				return err
			}
			if ok {
				out = append(out, q)
			}
			return nil
		}
		if err := walk(root, nil); err != nil {
			return nil, fmt.Errorf("generating inquiries for %s: %w", p.URL, err)
		}
	}
	return out, nil
}

func fromPath(ctx context.Context, ix *graph.Index, p graph.Page, path []string, ph Phraser) (Inquiry, bool, error) {
	root, leaf := ix.Node(path[0]), ix.Node(path[len(path)-1])
	q := Inquiry{
		ID:           "gen-" + leaf.ID,
		Kind:         Resolvable,
		GoldResponse: leaf.Resolution,
		Topic:        p.Title,
	}
	if !leaf.Answers() {
		q.Kind = Escalation
	}
	var conds []string
	for i, id := range path {
		n := ix.Node(id)
		if strings.TrimSpace(n.Condition) == "" {
			continue
		}
		if q.HiddenFacts == nil {
			q.HiddenFacts = make(map[string]string)
		}
		key := "condition_" + strconv.Itoa(len(conds)+1)
		if i > 0 {
			if s := slug(ix.Node(path[i-1]).Problem); s != "" && q.HiddenFacts[s] == "" {
				key = s
			}
		}
		q.HiddenFacts[key] = n.Condition
		conds = append(conds, n.Condition)
	}
	q.CoreFacts = CoreFacts(leaf.Resolution)
	if q.Kind == Resolvable && len(q.CoreFacts) == 0 {
		return Inquiry{}, false, nil // nothing a judge could check
	}
	u, err := ph.Utterance(ctx, PathInfo{Topic: p.Title, Root: root.Problem, Leaf: leaf.Problem, Conditions: conds})
	if err != nil {
		return Inquiry{}, false, fmt.Errorf("phrasing inquiry %s: %w", q.ID, err)
	}
	q.Utterance = u
	return q, q.Utterance != "", nil
}

var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	s = strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "_"), "_")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "_")
	}
	return s
}

var (
	quantityRE   = regexp.MustCompile(`(?i)(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.:]*\s?(?:%|(?:percent|days?|hours?|minutes?|weeks?|months?|years?|nights?|usd|eur|yen|points?)\b)|\b\d{1,2}:\d{2}\b)`)
	capitalRE    = regexp.MustCompile(`\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)+`)
	sentenceEnd  = regexp.MustCompile(`[.!?](?:\s+|$)|\n+`)
	imperativeRE = regexp.MustCompile(`^(?i)(?:click|open|call|select|enter|go|log|contact|check|visit|send|choose|sign|tap|use|fill|submit|email|e-mail|apply|request|cancel|change|update|reset|ask|write|print|bring|show|complete|read)\b`)
)

// CoreFacts picks 2 to 4 salient phrases of a resolution: numbers and phone
// numbers, link texts, capitalised terms, then imperative clauses. It
// returns fewer when the text has fewer.
func CoreFacts(resolution string) []string {
	var facts []string
	seen := make(map[string]bool)
	add := func(s string) {
		s = strings.Trim(strings.TrimSpace(s), ".,;:")
		k := strings.ToLower(s)
		if s == "" || seen[k] || len(facts) >= 4 {
			return
		}
		for _, f := range facts { // a phrase inside one already kept adds nothing
			if strings.Contains(strings.ToLower(f), k) {
				return
			}
		}
		seen[k] = true
		facts = append(facts, s)
	}
	plain := lexical.StripLinks(resolution)
	plain = strings.NewReplacer("**", "", "__", "", "`", "").Replace(plain)
	for _, m := range lexical.PhoneNumber.FindAllString(plain, -1) {
		add(m)
	}
	for _, m := range quantityRE.FindAllString(plain, -1) {
		add(m)
	}
	for _, m := range lexical.MarkdownLink.FindAllStringSubmatch(resolution, -1) {
		add(m[1])
	}
	for _, m := range capitalRE.FindAllString(plain, -1) {
		add(m)
	}
	var clauses []string
	for _, s := range sentenceEnd.Split(plain, -1) {
		s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "-#*0123456789. |"))
		if s == "" {
			continue
		}
		clause, _, _ := strings.Cut(s, ",")
		if w := strings.Fields(clause); len(w) > 8 {
			clause = strings.Join(w[:8], " ")
		}
		if imperativeRE.MatchString(clause) {
			add(clause)
		} else {
			clauses = append(clauses, clause)
		}
	}
	for _, c := range clauses {
		if len(facts) >= 2 {
			break
		}
		add(c)
	}
	return facts
}

// LLMPhraser phrases first utterances with an LLM.
type LLMPhraser struct {
	LLM llm.JSONModel
}

var _ Phraser = LLMPhraser{}

type utteranceAnswer struct {
	Utterance string `json:"utterance"`
}

func (a *utteranceAnswer) Validate() error {
	if strings.TrimSpace(a.Utterance) == "" {
		return errors.New(`"utterance" must be a non-empty string`)
	}
	return nil
}

// Utterance implements Phraser.
func (p LLMPhraser) Utterance(ctx context.Context, in PathInfo) (string, error) {
	msgs, err := prompts.Messages("inquiry_utterance", prompts.InquiryUtterance{Topic: in.Topic, Root: in.Root, Leaf: in.Leaf, Conditions: in.Conditions})
	if err != nil {
		return "", err
	}
	var a utteranceAnswer
	if err := p.LLM.JSON(ctx, msgs, &a); err != nil {
		return "", fmt.Errorf("phrasing an utterance: %w", err)
	}
	return strings.TrimSpace(a.Utterance), nil
}
