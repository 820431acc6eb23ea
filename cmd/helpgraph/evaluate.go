package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue/rag"
	"github.com/helpgraph/helpgraph/doc2dial"
	"github.com/helpgraph/helpgraph/evaluator"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/simulator"
)

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

func (m *Main) runEvaluate(ctx context.Context, args []string) error {
	fs := m.flagSet("evaluate")
	var files stringList
	fs.Var(&files, "dialogues", "dialogues file from simulate (repeatable)")
	inqPath := fs.String("inquiries", "", "inquiry set overriding the gold data in the dialogues (optional)")
	labelsPath := fs.String("labels", "", "human labels (JSONL of dialogue_id, rater, label) for agreement (optional)")
	llmMode := fs.String("llm", "auto", "LLM for the evaluator and the replayed agents: auto (when an endpoint is configured), on or off")
	replayDir := fs.String("replay", "", "doc2dial folder (DIR/dialogues.jsonl) whose real user turns are replayed against the agents (optional)")
	halfName := fs.String("half", "all", "with --replay: the dialogues to replay: tuning, evaluation or all (split by dialogue id; see doc2dial.HalfOf)")
	questionsPath := fs.String("questions", "", "question set (JSONL of question, gold pages or [] for a near-domain question, optional follow_ups) asked of the agents (optional)")
	failBelow := fs.Float64("fail-below", 0, "with --questions: exit non-zero when the graph agent's first reply is on a gold page less often than this share (0..1)")
	baselinePath := fs.String("baseline", "", "with --questions: an earlier run's report directory (or its questions.jsonl); the report lists the replies whose verdict changed since (optional)")
	store := fs.String("store", m.Config.Store, "graph store the replayed and questioned agents read: SQLite path or neo4j:// URI")
	agentList := fs.String("agents", "", "agents to replay or question, comma-separated (default "+strings.Join(agentNames, ",")+"; with --questions also bm25, a page search)")
	out := fs.String("out", "", "report directory")
	synonymsPath := synonymsFlag(fs)
	langs := addLanguageFlags(fs)
	fs.StringVar(&langs.clientLang, "client-lang", "", "the language the customer's browser or widget asks for (BCP 47), as a help center in that language would: the language of a first message too short to tell (optional)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if len(files) == 0 && *replayDir == "" && *questionsPath == "" || *out == "" {
		return usageError{errors.New("evaluate: --out and at least one of --dialogues, --replay and --questions are required")}
	}
	half, err := doc2dial.ParseHalf(*halfName)
	if err != nil {
		return usageError{fmt.Errorf("evaluate: --half: %w", err)}
	}
	if *failBelow < 0 || *failBelow > 1 {
		return usageError{fmt.Errorf("evaluate: --fail-below %v: want a share between 0 and 1", *failBelow)}
	}
	if *failBelow > 0 && *questionsPath == "" {
		return usageError{errors.New("evaluate: --fail-below needs --questions")}
	}
	if *baselinePath != "" && *questionsPath == "" {
		return usageError{errors.New("evaluate: --baseline needs --questions")}
	}
	var questions []evaluator.Question
	if *questionsPath != "" {
		if questions, err = evaluator.ReadQuestionsFile(*questionsPath); err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
	}
	// The baseline is read first: --out may be the very directory it is in.
	var baseline []evaluator.QuestionTurn
	if *baselinePath != "" {
		if fi, err := os.Stat(*baselinePath); err == nil && fi.IsDir() {
			*baselinePath = filepath.Join(*baselinePath, "questions.jsonl")
		}
		if baseline, err = evaluator.ReadQuestionTurns(*baselinePath); err != nil {
			return fmt.Errorf("evaluate: --baseline: %w", err)
		}
	}
	var ds []simulator.Dialogue
	for _, f := range files {
		d, err := simulator.ReadDialoguesFile(f)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		ds = append(ds, d...)
	}
	var opts evaluator.Options
	if *inqPath != "" {
		qs, err := inquiry.ReadFile(*inqPath)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		opts.Inquiries = qs
	}
	if *labelsPath != "" {
		ls, err := evaluator.ReadLabelsFile(*labelsPath)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		opts.Labels = ls
	}
	client, err := m.openLLM(*llmMode)
	if err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	if client != nil {
		opts.Judge = evaluator.LLMJudge{LLM: client}
		if opts.Prices, err = m.prices(); err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
	}
	res := &evaluator.Result{}
	if len(ds) > 0 {
		if res, err = evaluator.Evaluate(ctx, ds, opts); err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
	}
	synonyms, err := readSynonyms(*synonymsPath)
	if err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	if *replayDir != "" {
		list := *agentList
		if list == "" {
			list = strings.Join(agentNames, ",")
		}
		rr, err := m.replay(ctx, *replayDir, half, *store, list, client, synonyms, langs)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		res.AddReplay(rr)
	}
	if questions != nil {
		list := *agentList
		if list == "" {
			list = strings.Join(append(agentNames[:len(agentNames):len(agentNames)], "bm25"), ",")
		}
		qr, err := m.askQuestions(ctx, questions, *store, list, client, synonyms, langs)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		if baseline != nil {
			qr.CompareWith(baseline, *baselinePath)
		}
		res.AddQuestions(qr)
	}
	if err := evaluator.WriteReports(*out, res); err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	fmt.Fprint(m.Stdout, evaluator.Markdown(res))
	m.printLLMUsage(m.Stdout, "evaluate:", client, llm.Stats{})
	if res.Questions != nil {
		fmt.Fprintln(m.Stdout, evaluator.QuestionsSummary(res.Questions))
	}
	if *failBelow > 0 {
		got, ok := res.Metrics.Questions["graph"]
		if !ok {
			return usageError{errors.New("evaluate: --fail-below measures the graph agent: add graph to --agents")}
		}
		if got.FirstOnGold < *failBelow {
			return fmt.Errorf("evaluate: the graph agent's first reply is on a gold page for %.1f%% of the questions, below --fail-below %.1f%%", 100*got.FirstOnGold, 100**failBelow)
		}
	}
	return nil
}

// agentsOn loads the graph in store and returns it, the agents a
// comma-separated list names over it, and its pages' URLs.
func (m *Main) agentsOn(ctx context.Context, store, list string, client *llm.Client, synonyms [][]string, langs *languageFlags) (*graph.Graph, []evaluator.ReplayAgent, []string, error) {
	st, err := m.openStore(ctx, store)
	if err != nil {
		return nil, nil, nil, err
	}
	g, err := st.Load(ctx)
	st.Close()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading graph: %w", err)
	}
	var agents []evaluator.ReplayAgent
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		a, err := m.newAgent(name, g, client, synonyms, langs)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("--agents: %w", err)
		}
		agents = append(agents, evaluator.ReplayAgent{Name: name, Agent: a})
	}
	pages := make([]string, len(g.Pages))
	for i, p := range g.Pages {
		pages[i] = p.URL
	}
	return g, agents, pages, nil
}

// logProgress logs what an agent has done about every tenth of the total.
func (m *Main) logProgress(what string) func(agent string, done, total int) {
	return func(agent string, done, total int) {
		if step := max(1, total/10); done%step == 0 || done == total {
			m.Logger.Info(what, "agent", agent, "done", done, "of", total)
		}
	}
}

// askQuestions asks qs of each listed agent over the graph in store.
func (m *Main) askQuestions(ctx context.Context, qs []evaluator.Question, store, agentList string, client *llm.Client, synonyms [][]string, langs *languageFlags) (*evaluator.QuestionsResult, error) {
	g, agents, pages, err := m.agentsOn(ctx, store, agentList, client, synonyms, langs)
	if err != nil {
		return nil, err
	}
	nodePage := make(map[string]string, len(g.Nodes))
	for _, n := range g.Nodes {
		nodePage[n.ID] = n.Page
	}
	qr, err := evaluator.AskQuestions(ctx, agents, qs, evaluator.QuestionsOptions{
		Pages: pages,
		PageOf: func(id string) string {
			if p, ok := nodePage[id]; ok {
				return p
			}
			return rag.PassagePage(id)
		},
		ClientLang: langs.clientLang,
		Logger:     m.Logger,
		Progress:   m.logProgress("asking questions"),
	})
	if errors.Is(err, evaluator.ErrNoGoldQuestion) {
		return nil, fmt.Errorf("%w: build the graph at %s from the pages the questions are about first", err, store)
	}
	if err != nil {
		return nil, err
	}
	stats := evaluator.StatsOf(g)
	qr.Graph = &stats
	return qr, nil
}

// replay replays the doc2dial dialogues in dir against each listed agent
// over the graph in store.
func (m *Main) replay(ctx context.Context, dir string, half doc2dial.Half, store, agentList string, client *llm.Client, synonyms [][]string, langs *languageFlags) (*evaluator.ReplayResult, error) {
	ds, err := doc2dial.Read(dir)
	if err != nil {
		return nil, err
	}
	ds = doc2dial.InHalf(ds, half)
	_, agents, pages, err := m.agentsOn(ctx, store, agentList, client, synonyms, langs)
	if err != nil {
		return nil, err
	}
	rr, err := evaluator.Replay(ctx, agents, ds, evaluator.ReplayOptions{
		Pages:      pages,
		ClientLang: langs.clientLang,
		Logger:     m.Logger,
		Progress:   m.logProgress("replaying"),
	})
	if errors.Is(err, evaluator.ErrNoGoldPages) {
		return nil, fmt.Errorf("%w: build the graph at %s from %s first", err, store, filepath.Join(dir, "docs"))
	}
	if err != nil {
		return nil, err
	}
	return rr, nil
}
