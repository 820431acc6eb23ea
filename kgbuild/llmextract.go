package kgbuild

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/prompts"
)

// JSONClient is the LLM the LLM extractor needs: JSON-mode calls validated
// with a correction loop (llm.Client implements it).
type JSONClient interface {
	llm.JSONModel
	Model() string
}

var (
	_ JSONClient = (*llm.Client)(nil)
	_ Extractor  = (*LLMExtractor)(nil)
)

// Limits of an LLM extraction, as in the reference study: a tree at most
// three levels below its root, a bounded number of nodes, and a few intents
// per node.
const (
	llmMaxDepth   = 3
	llmMaxNodes   = 60
	llmMinIntents = 3
	llmMaxIntents = 6
	// llmMaxPromptText bounds the page text sent to the model so a huge page
	// cannot overflow its context; grounding still checks the whole page.
	llmMaxPromptText = 40000
)

// LLMExtractor extracts a page's problem/condition/resolution tree, intents
// and actionable flags with an LLM, validating every answer (resolutions must
// be copied from the page, problems and conditions worded from it). A page
// whose tree never validates, or whose endpoint is down, gets the fallback
// extractor's graph instead, marked graph.MethodFallback; a valid tree whose
// intents or actionable step failed keeps the tree and gets that part
// offline, marked graph.MethodLLMPartial. Either way no page is lost, and the
// builder extracts such pages again on the next build.
type LLMExtractor struct {
	client   JSONClient
	fallback Extractor
	log      *slog.Logger
}

// NewLLMExtractor returns an extractor that asks client and falls back to fallback.
func NewLLMExtractor(client JSONClient, fallback Extractor, logger *slog.Logger) *LLMExtractor {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &LLMExtractor{client: client, fallback: fallback, log: logger}
}

// promptNames are the templates an LLM extraction renders; their hash is
// part of Version, so editing a prompt re-extracts every page.
var promptNames = []string{"extract_graph", "intents", "actionable"}

// Version implements Extractor: the extractor, the model and a hash of the
// prompt templates. v3: the stored actionable flag is the model's own, no
// longer cleared on nodes with references, so stores of v2 extract again
// (from the LLM cache when it holds the pages) and get their verdicts.
func (e *LLMExtractor) Version() string {
	return "llm-v3/" + e.client.Model() + "/" + prompts.Hash(promptNames...)
}

// Extract implements Extractor.
func (e *LLMExtractor) Extract(ctx context.Context, doc *page.Document) (*PageGraph, error) {
	pg, err := e.extract(ctx, doc)
	if err == nil {
		return pg, nil
	}
	// A cancelled build is not the page's fault: stop rather than fall back.
	if ctx.Err() != nil {
		return nil, fmt.Errorf("llm extraction of %s: %w", doc.URL, ctx.Err())
	}
	e.log.WarnContext(ctx, "llm extraction failed, using fallback extractor",
		"page", doc.URL, "model", e.client.Model(), "invalid_answer", errors.Is(err, llm.ErrInvalidAnswer), "err", err)
	pg, ferr := e.fallback.Extract(ctx, doc)
	if ferr != nil {
		return nil, fmt.Errorf("llm extraction of %s: %w; fallback extractor: %w", doc.URL, err, ferr)
	}
	pg.Method = graph.MethodFallback
	return pg, nil
}

func (e *LLMExtractor) extract(ctx context.Context, doc *page.Document) (*PageGraph, error) {
	text := doc.Text()
	if strings.TrimSpace(text) == "" {
		return nil, errors.New("page has no text")
	}
	promptText := text
	if len(promptText) > llmMaxPromptText {
		promptText = strings.ToValidUTF8(promptText[:llmMaxPromptText], "")
		// Nodes from the rest of the page are lost to the model; say so.
		e.log.WarnContext(ctx, "llm extraction: page text truncated for the prompt",
			"page", doc.URL, "bytes", len(text), "sent", len(promptText))
	}
	msgs, err := prompts.Messages("extract_graph", prompts.ExtractGraph{
		Title: doc.Title, URL: doc.URL, Text: promptText,
		MaxDepth: llmMaxDepth, MaxNodes: llmMaxNodes,
	})
	if err != nil {
		return nil, err
	}
	tree := llmTreeAnswer{pageText: text}
	if err := e.client.JSON(llm.WithStep(ctx, "extract_graph"), msgs, &tree); err != nil {
		return nil, fmt.Errorf("extracting the problem tree: %w", err)
	}

	pg := &PageGraph{Method: graph.MethodLLM}
	var labels []string // labels[i] is node i's short id in the later prompts
	var walk func(n *llmTreeNode, path, parentID string)
	walk = func(n *llmTreeNode, path, parentID string) {
		id := NodeID(doc.URL, path)
		pg.Nodes = append(pg.Nodes, graph.Node{
			ID:         id,
			Page:       doc.URL,
			Problem:    strings.TrimSpace(n.Problem),
			Condition:  strings.TrimSpace(n.Condition),
			Resolution: strings.TrimSpace(n.Resolution),
			Root:       parentID == "",
		})
		labels = append(labels, "n"+strconv.Itoa(len(labels)+1))
		if parentID != "" {
			pg.Edges = append(pg.Edges, graph.Edge{From: parentID, To: id, Type: graph.Child})
		}
		for i, c := range n.Children {
			walk(c, path+"/"+strconv.Itoa(i), id)
		}
	}
	walk(tree.Root, "0", "")

	nodes := make([]prompts.PromptNode, len(pg.Nodes))
	for i, n := range pg.Nodes {
		nodes[i] = prompts.PromptNode{ID: labels[i], Problem: n.Problem, Condition: n.Condition, Resolution: n.Resolution}
	}

	msgs, err = prompts.Messages("intents", prompts.Intents{
		Title: doc.Title, URL: doc.URL, Nodes: nodes,
		MinIntents: llmMinIntents, MaxIntents: llmMaxIntents,
	})
	if err != nil {
		return nil, err
	}
	byLabel := make(map[string]int, len(labels))
	for i, l := range labels {
		byLabel[l] = i
	}
	// The tree is valid from here on: a failing later step costs only its
	// own part, filled offline, never the page.
	intents := llmIntentsAnswer{want: labels}
	if err := e.client.JSON(llm.WithStep(ctx, "intents"), msgs, &intents); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("writing intents: %w", err)
		}
		e.log.WarnContext(ctx, "llm extraction: intents failed; writing them offline", "page", doc.URL, "err", err)
		pg.Method = graph.MethodLLMPartial
		seen := map[string]bool{}
		tpl := english.IntentsFor(pageLanguage(doc))
		for i := range pg.Nodes {
			fillIntents(tpl, &pg.Nodes[i], seen)
		}
	} else {
		for _, n := range intents.Nodes {
			pg.Nodes[byLabel[n.ID]].Intents = llmCleanIntents(n.Intents)
		}
	}

	msgs, err = prompts.Messages("actionable", prompts.Actionable{Title: doc.Title, URL: doc.URL, Nodes: nodes})
	if err != nil {
		return nil, err
	}
	verdicts := llmActionableAnswer{want: labels}
	if err := e.client.JSON(llm.WithStep(ctx, "actionable"), msgs, &verdicts); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("judging actionability: %w", err)
		}
		e.log.WarnContext(ctx, "llm extraction: actionable step failed; judging offline", "page", doc.URL, "err", err)
		pg.Method = graph.MethodLLMPartial
		for i := range pg.Nodes {
			pg.Nodes[i].Actionable = english.Actionable(pg.Nodes[i].Resolution)
		}
	} else {
		for _, n := range verdicts.Nodes {
			i := byLabel[n.ID]
			// An empty resolution can solve nothing, whatever the model says.
			pg.Nodes[i].Actionable = *n.Actionable && pg.Nodes[i].Resolution != ""
		}
	}
	return pg, nil
}

// llmTreeAnswer is the answer to extract_graph. pageText is set before the
// call (the llm client decodes each attempt into a copy of it) so Validate
// can check grounding.
type llmTreeAnswer struct {
	Root     *llmTreeNode `json:"root"`
	pageText string
}

type llmTreeNode struct {
	Problem    string         `json:"problem"`
	Condition  string         `json:"condition"`
	Resolution string         `json:"resolution"`
	Children   []*llmTreeNode `json:"children"`
}

// llmMaxListedProblems bounds how many problems one Validate error lists, so a
// correction request stays short.
const llmMaxListedProblems = 8

// Validate checks the tree's shape and that every resolution is copied from
// the page. Its error names each offending node so the model can fix it.
func (a *llmTreeAnswer) Validate() error {
	if a.Root == nil {
		return errors.New(`"root" is missing`)
	}
	var problems []string
	count := 0
	// Same test as page.Grounded, with the page normalised once rather than
	// once per resolution (a 60-node answer on a long page made it dominate).
	normText := page.Normalize(a.pageText)
	vocab := pageVocabulary(a.pageText)
	grounded := func(r string) bool {
		n := page.Normalize(r)
		return n != "" && strings.Contains(normText, n)
	}
	var walk func(n *llmTreeNode, where string, depth int)
	walk = func(n *llmTreeNode, where string, depth int) {
		if n == nil {
			problems = append(problems, where+" is null")
			return
		}
		count++
		name := where
		if p := strings.TrimSpace(n.Problem); p != "" {
			name = fmt.Sprintf("%s (%q)", where, p)
		} else {
			problems = append(problems, where+` has an empty "problem"`)
		}
		if depth > llmMaxDepth {
			problems = append(problems, fmt.Sprintf("%s is nested %d levels below the root; at most %d are allowed", name, depth, llmMaxDepth))
		}
		for _, f := range []struct{ field, text string }{{"problem", n.Problem}, {"condition", n.Condition}} {
			if words := ungrounded(f.text, vocab); len(words) > 0 {
				problems = append(problems, fmt.Sprintf("the %s of %s uses words the page never does (%s): describe only situations the page mentions, in its words",
					f.field, name, strings.Join(words, ", ")))
			}
		}
		if r := strings.TrimSpace(n.Resolution); r != "" && !grounded(r) {
			problems = append(problems, fmt.Sprintf("the resolution of %s is not copied verbatim from the page text: %q", name, llmShorten(r, 120)))
		}
		for i, c := range n.Children {
			walk(c, fmt.Sprintf("%s.children[%d]", where, i), depth+1)
		}
	}
	walk(a.Root, "root", 0)
	if count > llmMaxNodes {
		problems = append(problems, fmt.Sprintf("the tree has %d nodes; keep at most %d, merging the least important", count, llmMaxNodes))
	}
	return llmProblems(problems)
}

// llmIntentsAnswer is the answer to intents; want lists the node ids asked about.
type llmIntentsAnswer struct {
	Nodes []struct {
		ID      string   `json:"id"`
		Intents []string `json:"intents"`
	} `json:"nodes"`
	want []string
}

// Validate checks every node id is answered once, with enough distinct intents.
func (a *llmIntentsAnswer) Validate() error {
	ids := make([]string, len(a.Nodes))
	for i, n := range a.Nodes {
		ids[i] = n.ID
	}
	return llmCheckAnswered(ids, a.want, func(i int) string {
		if k := len(llmCleanIntents(a.Nodes[i].Intents)); k < llmMinIntents {
			return fmt.Sprintf("id %q has %d distinct intents; give %d to %d", ids[i], k, llmMinIntents, llmMaxIntents)
		}
		return ""
	})
}

// llmActionableAnswer is the answer to actionable; want lists the node ids asked about.
type llmActionableAnswer struct {
	Nodes []struct {
		ID         string `json:"id"`
		Actionable *bool  `json:"actionable"`
		Reason     string `json:"reason"`
	} `json:"nodes"`
	want []string
}

// Validate checks every node id is answered once, with a true/false verdict.
func (a *llmActionableAnswer) Validate() error {
	ids := make([]string, len(a.Nodes))
	for i, n := range a.Nodes {
		ids[i] = n.ID
	}
	return llmCheckAnswered(ids, a.want, func(i int) string {
		if a.Nodes[i].Actionable == nil {
			return fmt.Sprintf(`id %q has no "actionable" true or false`, ids[i])
		}
		return ""
	})
}

// llmCheckAnswered checks that ids (the ids of a per-node answer, in order)
// answer every wanted id exactly once; check names what is wrong with the
// i-th answer's content, or returns "".
func llmCheckAnswered(ids, want []string, check func(i int) string) error {
	var problems []string
	seen := make(map[string]bool)
	wanted := llmLabelSet(want)
	for i, id := range ids {
		switch {
		case !wanted[id]:
			problems = append(problems, fmt.Sprintf("id %q is not one of the nodes", id))
		case seen[id]:
			problems = append(problems, fmt.Sprintf("id %q appears more than once", id))
		default:
			if p := check(i); p != "" {
				problems = append(problems, p)
			}
		}
		seen[id] = true
	}
	problems = append(problems, llmMissingLabels(want, seen)...)
	return llmProblems(problems)
}

func llmLabelSet(labels []string) map[string]bool {
	set := make(map[string]bool, len(labels))
	for _, l := range labels {
		set[l] = true
	}
	return set
}

func llmMissingLabels(want []string, seen map[string]bool) []string {
	var missing []string
	for _, l := range want {
		if !seen[l] {
			missing = append(missing, strconv.Quote(l))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return []string{"missing ids " + strings.Join(missing, ", ")}
}

// llmProblems joins problems into one error, or returns nil if there are none.
func llmProblems(problems []string) error {
	switch {
	case len(problems) == 0:
		return nil
	case len(problems) > llmMaxListedProblems:
		more := len(problems) - llmMaxListedProblems
		problems = append(problems[:llmMaxListedProblems:llmMaxListedProblems], fmt.Sprintf("and %d more", more))
	}
	return errors.New(strings.Join(problems, "; "))
}

// llmCleanIntents trims intents, drops empty ones and case-insensitive
// duplicates, and keeps at most llmMaxIntents.
func llmCleanIntents(intents []string) []string {
	var out []string
	seen := make(map[string]bool)
	for _, s := range intents {
		s = strings.TrimSpace(s)
		key := page.Normalize(s)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, s)
		if len(out) == llmMaxIntents {
			break
		}
	}
	return out
}

// llmShorten cuts s to at most n runes, marking the cut.
func llmShorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}
