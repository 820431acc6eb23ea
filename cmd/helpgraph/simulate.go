package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/schollz/progressbar/v3"

	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/simulator"
)

func (m *Main) runSimulate(ctx context.Context, args []string) error {
	fs := m.flagSet("simulate")
	store := fs.String("store", m.Config.Store, "graph store: SQLite path or neo4j:// URI")
	inqPath := fs.String("inquiries", "", "inquiry set (JSONL)")
	agentName := fs.String("agent", "graph", "agent to simulate against: graph or rag")
	llmMode := fs.String("llm", "auto", "LLM use for the agent and the simulated user: auto (when an endpoint is configured), on or off")
	concurrency := fs.Int("concurrency", 0, "dialogues in flight (0: 2×GOMAXPROCS)")
	maxTurns := fs.Int("max-turns", simulator.DefaultMaxTurns, "agent turns after which the user gives up")
	out := fs.String("out", "", "dialogues output file (JSONL)")
	synonymsPath := synonymsFlag(fs)
	langs := addLanguageFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *inqPath == "" || *out == "" {
		return usageError{errors.New("simulate: --inquiries and --out are required")}
	}
	if *agentName != "graph" && *agentName != "rag" {
		return usageError{fmt.Errorf("simulate: --agent must be graph or rag, not %q", *agentName)}
	}
	qs, err := inquiry.ReadFile(*inqPath)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	client, err := m.openLLM(*llmMode)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	st, err := m.openReadStore(ctx, *store)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	g, err := st.Load(ctx)
	st.Close()
	if err != nil {
		return fmt.Errorf("simulate: loading graph: %w", err)
	}
	synonyms, err := readSynonyms(*synonymsPath)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	agent, err := m.newAgent(*agentName, g, client, synonyms, langs)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	opts := simulator.Options{AgentName: *agentName, Concurrency: *concurrency, MaxTurns: *maxTurns, Logger: m.Logger}
	if client != nil {
		opts.User = simulator.LLMUser{LLM: client}
		opts.Model = client.Model()
		if opts.Prices, err = m.prices(); err != nil {
			return fmt.Errorf("simulate: %w", err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	defer f.Close()
	w := &flushWriter{bw: bufio.NewWriter(f)}
	if isTerminal(m.Stderr) {
		opts.Progress = barProgress{progressbar.NewOptions(len(qs),
			progressbar.OptionSetWriter(m.Stderr), progressbar.OptionSetDescription("simulating "+*agentName),
			progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())}
	} else {
		opts.Progress = &logProgress{log: m.Logger, total: len(qs)}
	}
	sum, err := simulator.Run(ctx, agent, qs, w, opts)
	m.Logger.Info("simulation finished", "agent", *agentName, "dialogues", sum.Dialogues, "of", len(qs), "ended", sum.Ended, "out", *out)
	fmt.Fprintf(m.Stdout, "simulate: %d dialogues, %d failed (left out of evaluation rates), user %s\n",
		sum.Dialogues, sum.Failed, simulator.UserName(opts.User))
	m.printLLMUsage(m.Stdout, "simulate:", client, llm.Stats{})
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("closing %s: %w", *out, cerr)
	}
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	return nil
}

// flushWriter buffers a dialogue's line and flushes it to the file at once,
// so an interrupted run keeps whole lines.
type flushWriter struct{ bw *bufio.Writer }

func (w *flushWriter) Write(p []byte) (int, error) { return w.bw.Write(p) }
func (w *flushWriter) Flush() error                { return w.bw.Flush() }

type barProgress struct{ bar *progressbar.ProgressBar }

func (p barProgress) Done(*simulator.Dialogue) { _ = p.bar.Add(1) }

// logProgress logs every tenth of the run when stderr is not a terminal.
type logProgress struct {
	log   *slog.Logger
	total int
	done  int
}

func (p *logProgress) Done(d *simulator.Dialogue) {
	p.done++ // Run calls Done under its lock
	if step := max(1, p.total/10); p.done%step == 0 || p.done == p.total {
		p.log.Info("simulating", "agent", d.Agent, "done", p.done, "of", p.total)
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
