package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
	llmMode := fs.String("llm", "auto", "evaluator LLM: auto (when an endpoint is configured), on or off")
	out := fs.String("out", "", "report directory")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if len(files) == 0 || *out == "" {
		return usageError{errors.New("evaluate: --dialogues and --out are required")}
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
	res, err := evaluator.Evaluate(ctx, ds, opts)
	if err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	if err := evaluator.WriteReports(*out, res); err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	fmt.Fprint(m.Stdout, evaluator.Markdown(res))
	m.printLLMUsage(m.Stdout, "evaluate:", client, llm.Stats{})
	return nil
}
