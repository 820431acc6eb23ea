package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/neo4j"
	"github.com/helpgraph/helpgraph/llm"
)

// askFlags are the flags ask and ask-eval share.
type askFlags struct {
	store, conversations, llmMode, examples, format *string
	maxRows                                         *int
	timeout                                         *time.Duration
}

func (m *Main) addAskFlags(fs *flag.FlagSet, llmDefault string) askFlags {
	return askFlags{
		store:         fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")"),
		conversations: fs.String("conversations", m.Config.ConversationsDB, conversationsUsage+", read for questions about escalations (skipped if missing)"),
		llmMode:       fs.String("llm", llmDefault, "LLM for writing Cypher: auto (when an endpoint is configured), on or off (examples only)"),
		examples:      fs.String("examples", "", "JSONL file of more (question, cypher) examples, added to the shipped ones"),
		format:        fs.String("format", "table", "output: table or json"),
		maxRows:       fs.Int("max-rows", ask.DefaultLimits.MaxRows, "rows kept per query"),
		timeout:       fs.Duration("timeout", ask.DefaultLimits.Timeout, "longest a query may run"),
	}
}

// openAsker wires the pipeline to the store's engine: Neo4j's read
// transactions for a neo4j:// store, else the embedded Kùzu engine loaded
// from the store (and the handoffs) on the first question.
func (m *Main) openAsker(ctx context.Context, f askFlags) (*ask.Asker, func(), error) {
	if *f.format != "table" && *f.format != "json" {
		return nil, nil, usageError{fmt.Errorf("--format must be table or json, not %q", *f.format)}
	}
	examples := ask.DefaultExamples()
	if *f.examples != "" {
		file, err := os.Open(*f.examples)
		if err != nil {
			return nil, nil, err
		}
		more, err := ask.ReadExamples(file)
		file.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("reading examples %s: %w", *f.examples, err)
		}
		examples = append(examples, more...)
	}
	client, err := m.openLLM(*f.llmMode)
	if err != nil {
		return nil, nil, err
	}
	st, err := m.openStore(ctx, *f.store)
	if err != nil {
		return nil, nil, err
	}
	closers := []func(){func() { st.Close() }}
	closeAll := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	var convs ask.HandoffLister
	if spec := *f.conversations; spec != "" {
		db, err := m.openConversations(ctx, spec, true)
		switch {
		case isMissing(err):
		case err != nil:
			closeAll()
			return nil, nil, err
		default:
			closers = append(closers, func() { db.Close() })
			convs = db
		}
	}
	a := newAsker(st, convs, client, m)
	a.Examples = examples
	a.Limits = ask.Limits{MaxRows: *f.maxRows, Timeout: *f.timeout}
	if emb, ok := a.Engine.(*ask.Embedded); ok {
		closers = append(closers, func() { emb.Close() })
	}
	return a, closeAll, nil
}

// newAsker returns an Asker on st's engine (serve uses it too).
func newAsker(st graph.Store, convs ask.HandoffLister, client *llm.Client, m *Main) *ask.Asker {
	a := &ask.Asker{Logger: m.Logger}
	if client != nil {
		a.LLM = client
	}
	if n4, ok := st.(*neo4j.Store); ok {
		a.Engine, a.Catalogs, a.Dialect = neo4jEngine{n4}, &ask.StoreCatalog{Store: st}, ask.DialectNeo4j
	} else {
		emb := ask.NewEmbedded(st, convs, m.openKuzu, m.Logger)
		a.Engine, a.Catalogs, a.Dialect = emb, emb, ask.DialectEmbedded
	}
	a.Examples = ask.DefaultExamples()
	return a
}

// openKuzu starts the embedded engine in its box: a child process (this
// program run with kuzu.ChildArg, see main) with no environment, its own
// folder, the database read-only, and limits.
func (m *Main) openKuzu(ctx context.Context, s *ask.Snapshot) (ask.EngineCloser, error) {
	return kuzu.NewBox(ctx, s, kuzu.BoxConfig{Logger: m.Logger})
}

// neo4jEngine runs queries in the Neo4j store's read transactions
// (AccessModeRead), after the guard that the Asker applies too: a caller
// that skips the Asker does not skip the check.
type neo4jEngine struct{ s *neo4j.Store }

func (e neo4jEngine) Query(ctx context.Context, cypher string, l ask.Limits) (ask.Result, error) {
	if err := ask.Guard(cypher); err != nil {
		return ask.Result{}, err
	}
	r, err := e.s.ReadQuery(ctx, cypher, l.MaxRows, l.Timeout)
	if err != nil {
		return ask.Result{}, err
	}
	return ask.Result{Columns: r.Columns, Rows: r.Rows, Truncated: r.Truncated}, nil
}

// runAsk answers one question given as arguments, or, without one, each
// line of Stdin as a conversation (follow-ups read against earlier lines).
// A line starting with "cypher:" runs that Cypher as written.
func (m *Main) runAsk(ctx context.Context, args []string) error {
	fs := m.flagSet("ask")
	f := m.addAskFlags(fs, "auto")
	fs.Usage = func() {
		fmt.Fprintln(m.Stderr, "usage: helpgraph ask [flags] [QUESTION]\n\nWithout a question, reads one question per line (a conversation; \"cypher: ...\" runs Cypher as written).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err}
	}
	a, closeAll, err := m.openAsker(ctx, f)
	if err != nil {
		return fmt.Errorf("ask: %w", err)
	}
	defer closeAll()
	s := &ask.Session{}
	if fs.NArg() > 0 {
		return m.askOne(ctx, a, s, strings.Join(fs.Args(), " "), *f.format)
	}
	sc := bufio.NewScanner(m.Stdin)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	failed := 0
	for {
		if *f.format == "table" {
			fmt.Fprint(m.Stderr, "ask> ")
		}
		if !sc.Scan() {
			break
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if line == "exit" || line == "quit" {
			break
		}
		if err := m.askOne(ctx, a, s, line, *f.format); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failed++
			fmt.Fprintln(m.Stderr, "helpgraph:", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("ask: reading questions: %w", err)
	}
	if failed > 0 {
		return fmt.Errorf("ask: %d questions failed", failed)
	}
	return nil
}

func (m *Main) askOne(ctx context.Context, a *ask.Asker, s *ask.Session, line, format string) error {
	var ans ask.Answer
	var err error
	if c, ok := strings.CutPrefix(line, "cypher:"); ok {
		c = strings.TrimSpace(c)
		ans = ask.Answer{Mode: ask.ModeCypher, Cypher: c}
		var res ask.Result
		if res, err = a.Run(ctx, c); err == nil {
			ans.Result, ans.Summary = &res, ask.Summarize(res)
			s.Turns = append(s.Turns, ask.Turn{Question: "(Cypher written by hand)", Cypher: c, Rows: len(res.Rows)})
		}
	} else {
		ans, err = a.Ask(ctx, s, line)
	}
	if format == "json" {
		out := struct {
			ask.Answer
			Error string `json:"error,omitempty"`
		}{Answer: ans}
		if err != nil {
			out.Error = err.Error()
		}
		b, jerr := json.Marshal(out)
		if jerr != nil {
			return jerr
		}
		fmt.Fprintln(m.Stdout, string(b))
		return err
	}
	if ans.Cypher != "" {
		if ans.Form != nil {
			fmt.Fprintf(m.Stdout, "understood as: %s\n", ans.Form)
		}
		fmt.Fprintf(m.Stdout, "cypher (%s): %s\n", ans.Mode, oneLineCypher(ans.Cypher))
	}
	if err != nil {
		return err
	}
	if ans.Result != nil && len(ans.Result.Rows) > 0 {
		writeTable(m.Stdout, *ans.Result)
	}
	fmt.Fprintln(m.Stdout, ans.Summary)
	return nil
}

func oneLineCypher(c string) string { return strings.Join(strings.Fields(c), " ") }

// maxCell keeps a table readable in a terminal; --format json has every value whole.
const maxCell = 80

func writeTable(w io.Writer, r ask.Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(r.Columns, "\t"))
	for _, row := range r.Rows {
		cells := make([]string, len(row))
		for i, v := range row {
			cell := strings.Join(strings.Fields(ask.Format(v)), " ")
			if len([]rune(cell)) > maxCell {
				cell = string([]rune(cell)[:maxCell-1]) + "…"
			}
			cells[i] = cell
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
}

var modeName = map[string]string{ask.ModeForm: "the question reader", ask.ModeOffline: "an example", ask.ModeLLM: "the LLM"}

// runAskEval runs an evaluation set and reports execution accuracy, the
// error rate, tries and the per-round table.
func (m *Main) runAskEval(ctx context.Context, args []string) error {
	fs := m.flagSet("ask-eval")
	questions := fs.String("questions", "", "JSONL evaluation set (required), e.g. testdata/ask/questions.jsonl")
	f := m.addAskFlags(fs, "off")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *questions == "" {
		return usageError{errors.New("--questions is required")}
	}
	file, err := os.Open(*questions)
	if err != nil {
		return fmt.Errorf("ask-eval: %w", err)
	}
	items, err := ask.ReadEvalItems(file)
	file.Close()
	if err != nil {
		return fmt.Errorf("ask-eval: reading %s: %w", *questions, err)
	}
	a, closeAll, err := m.openAsker(ctx, f)
	if err != nil {
		return fmt.Errorf("ask-eval: %w", err)
	}
	defer closeAll()
	rep, err := ask.Evaluate(ctx, a, items, func(done, total int) {
		if done%10 == 0 || done == total {
			fmt.Fprintf(m.Stderr, "ask-eval: %d/%d questions\n", done, total)
		}
	})
	if err != nil {
		return fmt.Errorf("ask-eval: %w", err)
	}
	// With an LLM, the same set offline too: the two accuracies are
	// reported apart, never blended.
	var offline *ask.EvalReport
	if a.LLM != nil {
		off := *a
		off.LLM = nil
		r, err := ask.Evaluate(ctx, &off, items, nil)
		if err != nil {
			return fmt.Errorf("ask-eval offline: %w", err)
		}
		offline = &r
	}
	if *f.format == "json" {
		var offAcc *float64
		if offline != nil {
			acc := offline.Accuracy()
			offAcc = &acc
		}
		b, err := json.MarshalIndent(struct {
			Accuracy        float64  `json:"execution_accuracy"`
			OfflineAccuracy *float64 `json:"offline_execution_accuracy,omitempty"`
			ErrorRate       float64  `json:"error_rate"`
			MeanTries       float64  `json:"mean_tries"`
			ask.EvalReport
		}{rep.Accuracy(), offAcc, rep.ErrorRate(), rep.MeanTries(), rep}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(m.Stdout, string(b))
		return nil
	}
	mode := "offline"
	if a.LLM != nil {
		mode = "llm"
	}
	fmt.Fprintf(m.Stdout, "questions: %d (%s)\nexecution accuracy: %.1f%% (%d/%d)\nerror rate: %.1f%% (%d)\nunanswered: %d\nmean tries: %.2f\n\n",
		rep.Total, mode, 100*rep.Accuracy(), rep.Correct, rep.Total, 100*rep.ErrorRate(), rep.Errors, rep.Unanswered, rep.MeanTries())
	if offline != nil {
		fmt.Fprintf(m.Stdout, "offline execution accuracy: %.1f%% (%d/%d), error rate %.1f%%\n\n",
			100*offline.Accuracy(), offline.Correct, offline.Total, 100*offline.ErrorRate())
	}
	byMode := rep.ByMode()
	for _, md := range []string{ask.ModeForm, ask.ModeOffline, ask.ModeLLM} {
		if c, ok := byMode[md]; ok {
			fmt.Fprintf(m.Stdout, "answered by %s: %d, %d correct\n", modeName[md], c[0], c[1])
		}
	}
	fmt.Fprintln(m.Stdout)
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "round\tquestions\tcorrect\taccuracy")
	for _, r := range rep.Rounds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\n", r.Round, r.Total, r.Correct, 100*float64(r.Correct)/float64(r.Total))
	}
	tw.Flush()
	var wrong []ask.EvalOutcome
	for _, o := range rep.Items {
		if !o.Correct {
			wrong = append(wrong, o)
		}
	}
	if len(wrong) > 0 {
		fmt.Fprintln(m.Stdout, "\nnot answered correctly:")
		for _, o := range wrong {
			why := "wrong rows"
			switch {
			case o.Error != "":
				why = "error: " + o.Error
			case o.Unanswered:
				why = "no example close enough"
			}
			fmt.Fprintf(m.Stdout, "  %s (R%d) %q: %s\n", o.ID, o.Round, o.Question, why)
		}
	}
	return nil
}
