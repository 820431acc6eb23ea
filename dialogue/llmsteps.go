package dialogue

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
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

// rewriteAnswer is the LLM's answer to dialogue_rewrite.
type rewriteAnswer struct {
	Query string `json:"query"`
}

func (r *rewriteAnswer) Validate() error {
	switch q := strings.TrimSpace(r.Query); {
	case q == "":
		return errors.New(`"query" is empty: give the rewritten request`)
	case len(q) > 500:
		return errors.New(`"query" is too long: keep it to one short sentence`)
	}
	return nil
}

func (a *GraphAgent) rewrite(ctx context.Context, s *Session, msg string) (string, error) {
	data := prompts.DialogueRewrite{History: promptHistory(s), Message: msg}
	if cur := a.ix.Node(s.CurrentNode); cur != nil {
		data.CurrentProblem = cur.Problem
	}
	msgs, err := prompts.Messages("dialogue_rewrite", data)
	if err != nil {
		return "", err
	}
	var ans rewriteAnswer
	if err := a.opts.LLM.JSON(ctx, msgs, &ans); err != nil {
		return "", fmt.Errorf("rewriting the message: %w", err)
	}
	return strings.TrimSpace(ans.Query), nil
}

// pickAnswer is the LLM's answer to dialogue_pick: one of the candidate ids,
// or "" for none.
type pickAnswer struct {
	NodeID  string   `json:"node_id"`
	allowed []string // the candidate ids offered
}

func (p *pickAnswer) Validate() error {
	p.NodeID = strings.TrimSpace(p.NodeID)
	if p.NodeID == "" || slices.Contains(p.allowed, p.NodeID) {
		return nil
	}
	return fmt.Errorf(`"node_id" %q is not one of the candidate ids (%s); answer with one of them or ""`, p.NodeID, strings.Join(p.allowed, ", "))
}

var _ llm.Validator = (*pickAnswer)(nil)

// pick asks the LLM to choose among the top candidates. It returns "" when the
// LLM says none fits, and an error when it gave no valid answer.
func (a *GraphAgent) pick(ctx context.Context, s *Session, request string, cands []candidate) (string, error) {
	data := prompts.DialoguePick{History: promptHistory(s), Request: request}
	ans := pickAnswer{}
	for _, c := range cands[:min(len(cands), a.opts.Candidates)] {
		n := a.ix.Node(c.id)
		data.Candidates = append(data.Candidates, prompts.DialogueCandidate{ID: n.ID, Problem: n.Problem, Condition: n.Condition, Intents: n.Intents[:min(len(n.Intents), maxPromptIntents)]})
		ans.allowed = append(ans.allowed, n.ID)
	}
	msgs, err := prompts.Messages("dialogue_pick", data)
	if err != nil {
		return "", err
	}
	if err := a.opts.LLM.JSON(ctx, msgs, &ans); err != nil {
		return "", fmt.Errorf("picking the intent: %w", err)
	}
	// Validate again: a JSON caller that skipped it must not smuggle in an id.
	if err := ans.Validate(); err != nil {
		return "", err
	}
	return ans.NodeID, nil
}

// replyAnswer is the LLM's answer to dialogue_reply.
type replyAnswer struct {
	Reply string `json:"reply"`
}

func (r *replyAnswer) Validate() error {
	if strings.TrimSpace(r.Reply) == "" {
		return errors.New(`"reply" is empty`)
	}
	return nil
}

// reword lets the LLM rephrase the template reply for n, and keeps the
// template unless the result passes verifyReply.
func (a *GraphAgent) reword(ctx context.Context, s *Session, n *graph.Node, userText, draft string) string {
	msgs, err := prompts.Messages("dialogue_reply", prompts.DialogueReply{
		Message: userText, Problem: n.Problem, Condition: n.Condition, Resolution: n.Resolution, Draft: draft,
	})
	if err != nil {
		a.opts.Logger.ErrorContext(ctx, "dialogue: rendering reply prompt", "err", err)
		return draft
	}
	var ans replyAnswer
	if err := a.opts.LLM.JSON(ctx, msgs, &ans); err != nil {
		a.opts.Logger.WarnContext(ctx, "dialogue: LLM reply failed; using the template", "err", err)
		return draft
	}
	reply := strings.TrimSpace(ans.Reply)
	if err := verifyReply(reply, n.Problem+"\n"+n.Condition+"\n"+n.Resolution); err != nil {
		a.opts.Logger.WarnContext(ctx, "dialogue: LLM reply rejected; using the template", "node", n.ID, "err", err)
		return draft
	}
	return reply
}

var (
	verifyURL    = regexp.MustCompile(`(?i)\bhttps?://[^\s)\]>"']+|\bwww\.[^\s)\]>"']+`)
	verifyEmail  = regexp.MustCompile(`(?i)\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`)
	verifyNumber = regexp.MustCompile(`\d+(?:[.,:]\d+)*`)
	verifyWord   = regexp.MustCompile(`[\p{L}][\p{L}\p{N}'’-]*`)
	actionClaim  = regexp.MustCompile(`(?i)\b(?:i|we)(?:\s+have|'ve|’ve|\s+just|\s+already|\s+now)*\s+(?:cancell?ed|changed|modified|updated|refunded|sent|resent|re-sent|processed|approved|booked|rebooked|reset|issued|credited|moved|fixed|resolved|unlocked|deleted|removed|added|applied|escalated|submitted|emailed|e-mailed|completed|arranged)\b|\b(?:has|have)\s+been\s+(?:cancell?ed|changed|modified|updated|refunded|sent|processed|approved|reset|issued|credited|unlocked|fixed|resolved)\b|\bi\s+(?:will|'ll|’ll)\s+(?:cancel|change|modify|refund|send|process|approve|reset|issue|credit|unlock|fix|book)\b|\b(?:all\s+)?done\b`)
	// capitalised words that may start a sentence without being a name.
	sentenceStarters = toSet(strings.Fields(`
	you your yours if when to for please sure here there this that these those then next first second
	finally once after before in on at by with from as so but and or also just simply go open click
	select choose tap enter log sign use check make call contact visit follow note remember unfortunately
	sorry thanks thank hi hello great of course ok okay yes no it its it's i i'm we our what how why where
	which who can could would should may might will do does don't did is are was were be have has had
	a an the all any each every some my me let let's just try see find since because although though
	while unless until now however therefore meanwhile alternatively instead otherwise simply keep
	note good great absolutely certainly hope happy glad feel here's that's there's you'll you're
	you've we're we'll what's both either neither only even still already usually normally typically`))
)

// verifyReply checks an LLM reply against source, the text of the node it
// answers from: every URL, e-mail, number and capitalised term in the reply
// must appear in the source, every URL of the source must survive, and the
// reply must not claim that an action was taken.
func verifyReply(reply, source string) error {
	lowerSource := strings.ToLower(source)
	for _, m := range actionClaim.FindAllString(reply, -1) {
		// "Once done, ..." quoted from the page is the page's wording, not a claim.
		if !strings.Contains(lowerSource, strings.ToLower(m)) {
			return fmt.Errorf("reply claims an action: %q", m)
		}
	}
	for _, u := range verifyURL.FindAllString(source, -1) {
		if !strings.Contains(reply, u) {
			return fmt.Errorf("reply drops the link %s", u)
		}
	}
	rest := reply
	for _, re := range []*regexp.Regexp{verifyURL, verifyEmail} {
		for _, m := range re.FindAllString(rest, -1) {
			if !strings.Contains(lowerSource, strings.ToLower(strings.TrimRight(m, ".,;:"))) {
				return fmt.Errorf("reply adds %q", m)
			}
		}
		rest = re.ReplaceAllString(rest, " ")
	}
	// Numbers are compared as whole tokens: "70" is not in "0570-000-123".
	sourceNumbers := map[string]bool{}
	for _, m := range verifyNumber.FindAllString(source, -1) {
		sourceNumbers[m] = true
	}
	for _, m := range verifyNumber.FindAllString(rest, -1) {
		if !sourceNumbers[m] {
			return fmt.Errorf("reply adds the number %q", m)
		}
	}
	sourceWords := map[string]bool{}
	for _, w := range verifyWord.FindAllString(lowerSource, -1) {
		sourceWords[w] = true
	}
	for _, loc := range verifyWord.FindAllStringIndex(rest, -1) {
		w := rest[loc[0]:loc[1]]
		if r := []rune(w)[0]; !unicode.IsUpper(r) {
			continue
		}
		lw := strings.ToLower(w)
		if sourceWords[lw] || (atSentenceStart(rest, loc[0]) && (sentenceStarters[lw] || stopWords[lw])) {
			continue
		}
		return fmt.Errorf("reply adds the term %q", w)
	}
	return nil
}

func atSentenceStart(s string, i int) bool {
	j := strings.LastIndexFunc(s[:i], func(r rune) bool { return !unicode.IsSpace(r) && !strings.ContainsRune(`"'*_([`, r) })
	return j < 0 || strings.ContainsRune(".!?:\n-•", rune(s[j]))
}

// embeddingCache holds one embedding per node, computed on first use.
type embeddingCache struct {
	mu     sync.Mutex
	vecs   [][]float32 // by node position; nil until filled
	failed time.Time   // last failure, so a down endpoint is not asked every turn
}

// embedRetry is how long after a failure node embeddings are not asked for again.
const embedRetry = time.Minute

// embedBatch bounds one embeddings request.
const embedBatch = 256

func (a *GraphAgent) nodeVectors(ctx context.Context) ([][]float32, error) {
	c := a.embed
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.vecs != nil {
		return c.vecs, nil
	}
	if !c.failed.IsZero() && time.Since(c.failed) < embedRetry {
		return nil, errors.New("embedding nodes: failed recently; not retrying yet")
	}
	nodes := a.ix.Graph.Nodes
	vecs := make([][]float32, 0, len(nodes))
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
			c.failed = time.Now()
			return nil, fmt.Errorf("embedding nodes: %w", err)
		}
		vecs = append(vecs, got...)
	}
	c.vecs = vecs
	return vecs, nil
}

// fuse adds embedding similarity to lexical candidates: nodes close to text
// join the list, and the ranking score becomes the mean of the normalised
// BM25 score and the cosine.
func (a *GraphAgent) fuse(ctx context.Context, text string, lex []candidate, allow map[string]bool, limit int) ([]candidate, error) {
	vecs, err := a.nodeVectors(ctx)
	if err != nil {
		return lex, err
	}
	q, err := a.opts.Embedder.Embed(ctx, []string{text})
	if err != nil || len(q) != 1 {
		return lex, fmt.Errorf("embedding the message: %w", errors.Join(err, errors.New("no vector")))
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
		cos := llm.Cosine(q[0], v)
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
