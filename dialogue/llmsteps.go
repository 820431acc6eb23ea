package dialogue

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
)

// historyTurns bounds how much of the conversation the LLM prompts see, and
// maxPromptIntents how many of a candidate's intents the pick prompt lists.
const (
	historyTurns     = 8
	maxPromptIntents = 5
)

// promptHistory returns the turns before the current user message.
func promptHistory(s *Session) []prompts.DialogueTurn {
	h := s.History
	if n := len(h); n > 0 && h[n-1].Role == "user" {
		h = h[:n-1]
	}
	if len(h) > historyTurns {
		h = h[len(h)-historyTurns:]
	}
	out := make([]prompts.DialogueTurn, len(h))
	for i, t := range h {
		out[i] = prompts.DialogueTurn{Role: t.Role, Text: t.Text}
	}
	return out
}

// identifyAnswer is the LLM's answer to dialogue_identify: the message
// rewritten as a self-contained request, and one of the candidate ids or ""
// for none.
type identifyAnswer struct {
	Query   string   `json:"query"`
	NodeID  string   `json:"node_id"`
	allowed []string // the candidate ids offered
}

func (p *identifyAnswer) Validate() error {
	p.NodeID = strings.TrimSpace(p.NodeID)
	switch q := strings.TrimSpace(p.Query); {
	case q == "":
		return errors.New(`"query" is empty: give the rewritten request`)
	case len(q) > 500:
		return errors.New(`"query" is too long: keep it to one short sentence`)
	}
	if p.NodeID == "" || slices.Contains(p.allowed, p.NodeID) {
		return nil
	}
	return fmt.Errorf(`"node_id" %q is not one of the candidate ids (%s); answer with one of them or ""`, p.NodeID, strings.Join(p.allowed, ", "))
}

var _ llm.Validator = (*identifyAnswer)(nil)

// identifyLLM is step 1 with an LLM, in one call: the model rewrites msg
// with the conversation and picks among the retrieved candidates. Its pick
// stands, "none fits" included. When it picks none but its rewrite says
// more than the message did (a follow-up), the rewrite is retrieved again,
// lexically (no further call), and the graph's own selection decides. ok is
// false when the LLM gave no valid answer: the caller goes on offline.
// text is the rewrite as read (r itself when it is the message again).
func (a *GraphAgent) identifyLLM(ctx context.Context, s *Session, r *reading, cands []candidate) (id string, text *reading, ok bool) {
	msg := r.text
	data := prompts.DialogueIdentify{History: promptHistory(s), Message: msg}
	if cur := a.ix.Node(s.CurrentNode); cur != nil {
		data.CurrentProblem = cur.Problem
	}
	ans := identifyAnswer{}
	for _, c := range cands[:min(len(cands), a.opts.Candidates)] {
		n := a.ix.Node(c.id)
		data.Candidates = append(data.Candidates, prompts.DialogueCandidate{ID: n.ID, Problem: n.Problem, Condition: n.Condition, Intents: n.Intents[:min(len(n.Intents), maxPromptIntents)]})
		ans.allowed = append(ans.allowed, n.ID)
	}
	if err := a.callJSON(ctx, "dialogue_identify", data, &ans); err != nil {
		a.opts.Logger.WarnContext(ctx, "dialogue: LLM identify failed; using retrieval", "err", err)
		return "", nil, false
	}
	rewrite := r
	if q := strings.TrimSpace(ans.Query); q != msg {
		rewrite = a.readText(q)
	}
	if ans.NodeID != "" || lexical.Normalize(rewrite.text) == lexical.Normalize(msg) {
		return ans.NodeID, rewrite, true
	}
	terms := rewrite.terms
	if len(terms) == 0 {
		return "", rewrite, true
	}
	// Lexical only: the turn's calls are spent.
	again, err := a.retrieve(offlineTurn(ctx), s, func() string { return rewrite.masked }, query{terms: terms, neg: rewrite.neg}, nil)
	if err != nil || len(again) == 0 || !a.good(again[0]) {
		return "", rewrite, true
	}
	return a.selectCandidate(s, again, a.leadsOf(again), terms), rewrite, true
}

// selectAnswer is the LLM's answer to dialogue_select: sentence ids, in
// the order to say them.
type selectAnswer struct {
	Sentences []string `json:"sentences"`
	allowed   []string
}

func (a *selectAnswer) Validate() error {
	if len(a.Sentences) == 0 {
		return errors.New(`"sentences" is empty: choose at least one sentence id`)
	}
	seen := map[string]bool{}
	for _, id := range a.Sentences {
		switch {
		case !slices.Contains(a.allowed, id):
			return fmt.Errorf("%q is not a sentence id (%s)", id, strings.Join(a.allowed, ", "))
		case seen[id]:
			return fmt.Errorf("sentence %q is chosen twice", id)
		}
		seen[id] = true
	}
	return nil
}

// replySentence is one unit of a reply the LLM may choose: a sentence, or a
// whole line for lists and headings.
type replySentence struct {
	text     string
	listItem bool // a whole Markdown list line, said on its own line
}

var listLine = regexp.MustCompile(`^(?:[-*•]|\d+[.)])\s`)

var replySentenceEnd = regexp.MustCompile(`[.!?:](?:\s+)`)

// splitSentences splits a template reply into units, each an exact
// substring of it.
func splitSentences(draft string) []replySentence {
	var out []replySentence
	for _, line := range strings.Split(draft, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		// Markdown list items stay whole, and so does a line of code,
		// on a line of its own.
		if _, code := lexical.CodeLine(line); listLine.MatchString(line) || code {
			out = append(out, replySentence{text: line, listItem: true})
			continue
		}
		rest := line
		for rest != "" {
			loc := replySentenceEnd.FindStringIndex(rest)
			if loc == nil {
				out = append(out, replySentence{text: rest})
				break
			}
			out = append(out, replySentence{text: strings.TrimSpace(rest[:loc[0]+1])})
			rest = strings.TrimSpace(rest[loc[1]:])
		}
	}
	return out
}

// reword lets the LLM choose and order the sentences of the template reply
// for n (Options.Reword). It cannot add or change a word, so it cannot
// contradict the page: the reply is rebuilt from the chosen sentences, each
// checked to be contained verbatim in the template, and must keep every
// link, e-mail address and number of the template. Otherwise, and when the
// turn has no call left, the template stands.
func (a *GraphAgent) reword(ctx context.Context, s *Session, n *graph.Node, userText, draft string) string {
	if !a.opts.Reword {
		return draft
	}
	units := splitSentences(draft)
	if len(units) < 2 {
		return draft
	}
	data := prompts.DialogueSelect{Message: userText, Problem: n.Problem}
	ans := selectAnswer{}
	for i, u := range units {
		id := "s" + strconv.Itoa(i+1)
		data.Sentences = append(data.Sentences, prompts.DialogueSentence{ID: id, Text: u.text})
		ans.allowed = append(ans.allowed, id)
	}
	if err := a.callJSON(ctx, "dialogue_select", data, &ans); err != nil {
		a.opts.Logger.WarnContext(ctx, "dialogue: LLM sentence selection failed; using the template", "err", err)
		return draft
	}
	var sb strings.Builder
	for i, id := range ans.Sentences {
		k, _ := strconv.Atoi(strings.TrimPrefix(id, "s"))
		u := units[k-1]
		if i > 0 {
			if u.listItem {
				sb.WriteString("\n")
			} else {
				sb.WriteString(" ")
			}
		}
		sb.WriteString(u.text)
	}
	reply := sb.String()
	if err := verifySelection(reply, draft, units, ans.Sentences); err != nil {
		a.opts.Logger.WarnContext(ctx, "dialogue: LLM selection rejected; using the template", "node", n.ID, "err", err)
		return draft
	}
	return reply
}

var (
	verifyURL    = lexical.URL
	verifyEmail  = regexp.MustCompile(`(?i)\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`)
	verifyNumber = regexp.MustCompile(`\d+(?:[.,:\-]\d+)*`)
	// actionClaim finds a reply claiming the agent did something for the
	// customer; the tests check no reply does (replies only ever quote the page).
	actionClaim = regexp.MustCompile(`(?i)\b(?:i|we)(?:\s+have|'ve|’ve|\s+just|\s+already|\s+now)*\s+(?:cancell?ed|changed|modified|updated|refunded|sent|resent|re-sent|processed|approved|booked|rebooked|reset|issued|credited|moved|fixed|resolved|unlocked|deleted|removed|added|applied|escalated|submitted|emailed|e-mailed|completed|arranged)\b|\b(?:has|have)\s+been\s+(?:cancell?ed|changed|modified|updated|refunded|sent|processed|approved|reset|issued|credited|unlocked|fixed|resolved)\b|\bi\s+(?:will|'ll|’ll)\s+(?:cancel|change|modify|refund|send|process|approve|reset|issue|credit|unlock|fix|book)\b|\b(?:all\s+)?done\b`)
)

// verifySelection checks a reply built from chosen sentences: each is
// contained verbatim in the template, and no link, e-mail address or number
// of the template is left out.
func verifySelection(reply, draft string, units []replySentence, chosen []string) error {
	for _, id := range chosen {
		k, err := strconv.Atoi(strings.TrimPrefix(id, "s"))
		if err != nil || k < 1 || k > len(units) || !strings.Contains(draft, units[k-1].text) {
			return fmt.Errorf("sentence %q is not in the template", id)
		}
	}
	for _, re := range []*regexp.Regexp{verifyURL, verifyEmail, verifyNumber} {
		for _, m := range re.FindAllString(draft, -1) {
			if !strings.Contains(reply, m) {
				return fmt.Errorf("reply drops %q", m)
			}
		}
	}
	return nil
}

// embeddingCache holds one embedding per node, computed on first use.
type embeddingCache struct {
	compute sync.Mutex
	mu      sync.Mutex
	vecs    [][]float32 // by node position; nil until filled
	failed  time.Time   // last failure, so a down endpoint is not asked every turn
	// warming is set while the vectors are computed in the background.
	warming bool
}

// embedRetry is how long after a failure node embeddings are not asked for again.
const embedRetry = time.Minute

// embedBatch bounds one embeddings request.
const embedBatch = 256

func (a *GraphAgent) nodeVectors(ctx context.Context) ([][]float32, error) {
	c := a.embed
	// compute makes concurrent callers wait for one computation; mu only
	// guards the fields, so a turn can check readiness without waiting.
	c.compute.Lock()
	defer c.compute.Unlock()
	c.mu.Lock()
	vecs, failed := c.vecs, c.failed
	c.mu.Unlock()
	if vecs != nil {
		return vecs, nil
	}
	if !failed.IsZero() && time.Since(failed) < embedRetry {
		return nil, errors.New("embedding nodes: failed recently; not retrying yet")
	}
	nodes := a.ix.Graph.Nodes
	vecs = make([][]float32, 0, len(nodes))
	for start := 0; start < len(nodes); start += embedBatch {
		end := min(start+embedBatch, len(nodes))
		texts := make([]string, 0, end-start)
		for i := start; i < end; i++ {
			n := &nodes[i]
			texts = append(texts, strings.Join(append([]string{n.Problem, n.Condition}, n.Intents...), "\n"))
		}
		got, err := a.opts.Embedder.Embed(ctx, texts)
		if err == nil && len(got) != len(texts) {
			err = fmt.Errorf("got %d vectors for %d texts", len(got), len(texts))
		}
		if err != nil {
			// A caller that gave up is not the endpoint failing: the next
			// caller may try at once.
			if ctx.Err() == nil {
				c.mu.Lock()
				c.failed = time.Now()
				c.mu.Unlock()
			}
			return nil, fmt.Errorf("embedding nodes: %w", err)
		}
		vecs = append(vecs, got...)
	}
	c.mu.Lock()
	c.vecs = vecs
	c.mu.Unlock()
	return vecs, nil
}

// fuse adds embedding similarity to lexical candidates: nodes close to text
// join the list, and the ranking score becomes the mean of the normalised
// BM25 score and the cosine.
func (a *GraphAgent) fuse(ctx context.Context, text string, lex []candidate, allow map[string]bool, limit int) ([]candidate, error) {
	vecs, err := a.turnNodeVectors(ctx)
	if err != nil {
		return lex, err
	}
	q, err := a.embedQuery(ctx, text)
	if err != nil {
		return lex, fmt.Errorf("embedding the message: %w", err)
	}
	byID := map[string]*candidate{}
	out := slices.Clone(lex)
	for i := range out {
		byID[out[i].id] = &out[i]
	}
	type scored struct {
		doc int
		cos float64
	}
	var top []scored
	for i, v := range vecs {
		id := a.lex.ids[i]
		if allow != nil && !allow[id] {
			continue
		}
		cos := llm.Cosine(q, v)
		if c, ok := byID[id]; ok {
			c.cosine = cos
			continue
		}
		top = append(top, scored{i, cos})
	}
	slices.SortFunc(top, func(x, y scored) int { return cmpDesc(x.cos, y.cos) })
	for _, t := range top[:min(len(top), limit)] {
		out = append(out, candidate{id: a.lex.ids[t.doc], cosine: t.cos, near: allow != nil})
	}
	var maxScore float64
	for _, c := range out {
		maxScore = math.Max(maxScore, c.score)
	}
	for i := range out {
		norm := 0.0
		if maxScore > 0 {
			norm = out[i].score / maxScore
		}
		out[i].score = (norm + out[i].cosine) / 2
	}
	slices.SortStableFunc(out, func(x, y candidate) int { return cmpDesc(x.score, y.score) })
	return out[:min(len(out), limit)], nil
}

func cmpDesc(x, y float64) int {
	switch {
	case x > y:
		return -1
	case x < y:
		return 1
	}
	return 0
}

// callJSON renders prompt with data and asks the LLM for ans, within the
// turn's budget and deadline (the step is named after the prompt).
func (a *GraphAgent) callJSON(ctx context.Context, prompt string, data any, ans llm.Validator) error {
	msgs, err := prompts.Messages(prompt, data)
	if err != nil {
		return fmt.Errorf("rendering %s: %w", prompt, err)
	}
	cctx, cancel, err := spend(ctx, prompt)
	if err != nil {
		return err
	}
	defer cancel()
	if err := a.opts.LLM.JSON(cctx, msgs, ans); err != nil {
		return err
	}
	// Validate again: a JSON caller that skipped it must not smuggle in an
	// id or a sentence.
	return ans.Validate()
}
