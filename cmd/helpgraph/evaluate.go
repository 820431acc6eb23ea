package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/helpgraph/helpgraph/doc2dial"
	"github.com/helpgraph/helpgraph/evaluator"
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
	store := fs.String("store", m.Config.Store, "graph store the replayed agents read: SQLite path or neo4j:// URI")
	agentList := fs.String("agents", strings.Join(agentNames, ","), "agents to replay, comma-separated")
	out := fs.String("out", "", "report directory")
	synonymsPath := synonymsFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if len(files) == 0 && *replayDir == "" || *out == "" {
		return usageError{errors.New("evaluate: --out and --dialogues or --replay (or both) are required")}
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
	if *replayDir != "" {
		synonyms, err := readSynonyms(*synonymsPath)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		rr, err := m.replay(ctx, *replayDir, *store, *agentList, client, synonyms)
		if err != nil {
			return fmt.Errorf("evaluate: %w", err)
		}
		res.AddReplay(rr)
	}
	if err := evaluator.WriteReports(*out, res); err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	fmt.Fprint(m.Stdout, evaluator.Markdown(res))
	m.printLLMUsage(m.Stdout, "evaluate:", client, llm.Stats{})
	return nil
}

// replay replays the doc2dial dialogues in dir against each listed agent
// over the graph in store.
func (m *Main) replay(ctx context.Context, dir, store, agentList string, client *llm.Client, synonyms [][]string) (*evaluator.ReplayResult, error) {
	ds, err := doc2dial.Read(dir)
	if err != nil {
		return nil, err
	}
	st, err := m.openStore(ctx, store)
	if err != nil {
		return nil, err
	}
	g, err := st.Load(ctx)
	st.Close()
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	var agents []evaluator.ReplayAgent
	for _, name := range strings.Split(agentList, ",") {
		name = strings.TrimSpace(name)
		a, err := m.newAgent(name, g, client, synonyms)
		if err != nil {
			return nil, fmt.Errorf("--agents: %w", err)
		}
		agents = append(agents, evaluator.ReplayAgent{Name: name, Agent: a})
	}
	pages := make([]string, len(g.Pages))
	for i, p := range g.Pages {
		pages[i] = p.URL
	}
	rr, err := evaluator.Replay(ctx, agents, ds, evaluator.ReplayOptions{
		Pages:  pages,
		Logger: m.Logger,
		Progress: func(agent string, done, total int) {
			if step := max(1, total/10); done%step == 0 || done == total {
				m.Logger.Info("replaying", "agent", agent, "done", done, "of", total)
			}
		},
	})
	if errors.Is(err, evaluator.ErrNoGoldPages) {
		return nil, fmt.Errorf("%w: build the graph at %s from %s first", err, store, filepath.Join(dir, "docs"))
	}
	if err != nil {
		return nil, err
	}
	return rr, nil
}
