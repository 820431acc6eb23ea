package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/helpgraph/helpgraph/doc2dial"
	"github.com/helpgraph/helpgraph/inquiry"
)

func (m *Main) runInquiries(ctx context.Context, args []string) error {
	if len(args) == 0 {
		m.inquiriesUsage()
		return usageError{errors.New("inquiries: want a subcommand: generate or import-doc2dial")}
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		m.inquiriesUsage()
		return nil
	case "generate":
		return m.runInquiriesGenerate(ctx, args[1:])
	case "import-doc2dial":
		return m.runInquiriesImport(args[1:])
	}
	return usageError{fmt.Errorf("inquiries: unknown subcommand %q (want generate or import-doc2dial)", args[0])}
}

func (m *Main) inquiriesUsage() {
	fmt.Fprintln(m.Stderr, `usage: helpgraph inquiries SUBCOMMAND [flags]

subcommands:
  generate          write a draft inquiry set from the graph (--out FILE)
  import-doc2dial   import doc2dial dialogues: import-doc2dial DIR --out FILE

Run 'helpgraph inquiries SUBCOMMAND -h' for its flags.`)
}

func (m *Main) runInquiriesGenerate(ctx context.Context, args []string) error {
	fs := m.flagSet("inquiries generate")
	store := fs.String("store", m.Config.Store, "graph store: SQLite path or neo4j:// URI")
	llmMode := fs.String("llm", "auto", "phrase first utterances with the LLM: auto (when an endpoint is configured), on or off")
	out := fs.String("out", "", "inquiry set to write (JSONL)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usageError{errors.New("inquiries generate: --out is required")}
	}
	client, err := m.openLLM(*llmMode)
	if err != nil {
		return fmt.Errorf("inquiries generate: %w", err)
	}
	st, err := m.openReadStore(ctx, *store)
	if err != nil {
		return fmt.Errorf("inquiries generate: %w", err)
	}
	g, err := st.Load(ctx)
	st.Close()
	if err != nil {
		return fmt.Errorf("inquiries generate: loading graph: %w", err)
	}
	var ph inquiry.Phraser = inquiry.TemplatePhraser{}
	if client != nil {
		ph = inquiry.LLMPhraser{LLM: client}
	}
	qs, err := inquiry.Generate(ctx, g, ph)
	if err != nil {
		return fmt.Errorf("inquiries generate: %w", err)
	}
	if err := inquiry.WriteFile(*out, qs); err != nil {
		return fmt.Errorf("inquiries generate: %w", err)
	}
	m.Logger.Info("inquiries generated", "inquiries", len(qs), "out", *out)
	return nil
}

func (m *Main) runInquiriesImport(args []string) error {
	fs := m.flagSet("inquiries import-doc2dial")
	out := fs.String("out", "", "inquiry set to write (JSONL)")
	halfName := fs.String("half", "all", "the dialogues to import: tuning, evaluation or all (split by dialogue id; see doc2dial.HalfOf)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{errors.New("inquiries import-doc2dial: usage: import-doc2dial DIR --out FILE")}
	}
	dir := pos[0]
	if *out == "" {
		return usageError{errors.New("inquiries import-doc2dial: --out is required")}
	}
	half, err := doc2dial.ParseHalf(*halfName)
	if err != nil {
		return usageError{fmt.Errorf("inquiries import-doc2dial: --half: %w", err)}
	}
	qs, st, err := inquiry.ImportDoc2Dial(dir)
	if err != nil {
		return err
	}
	if half != doc2dial.All {
		var kept []inquiry.Inquiry
		for _, q := range qs {
			if doc2dial.HalfOf(q.ID) == half { // an imported inquiry's id is its dialogue's
				kept = append(kept, q)
			}
		}
		qs = kept
	}
	if err := inquiry.WriteFile(*out, qs); err != nil {
		return fmt.Errorf("inquiries import-doc2dial: %w", err)
	}
	m.Logger.Info("doc2dial imported", "dialogues", st.Dialogues, "inquiries", st.Imported, "answer_fallbacks", st.Fallbacks, "skipped", strings.Join(st.SkipReasons(), "; "), "out", *out)
	return nil
}
