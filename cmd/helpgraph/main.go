// Command helpgraph builds a knowledge graph from a help center and serves a
// support chat driven by it. See README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/page"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == kuzu.ChildArg {
		os.Exit(kuzu.ChildMain()) // the query engine's box, started by ask and serve
	}
	if len(os.Args) > 1 && os.Args[1] == page.AsciiDocChildArg {
		os.Exit(page.AsciiDocChildMain()) // the AsciiDoc converter's box, started by build
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := &Main{
		Config: config.FromEnv(),
		Stdin:  os.Stdin,
		Stdout: os.Stdout,
		Stderr: os.Stderr,
	}
	if err := m.Run(ctx, os.Args[1:]); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "helpgraph:", err)
		}
		os.Exit(exitCode(err))
	}
}

// Main is the program with its dependencies made explicit, so tests run it in-process.
type Main struct {
	Config config.Config
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Logger *slog.Logger // nil: text logs on Stderr
	// ResyncTicks, if set, triggers serve --resync's re-syncs instead of
	// its ticker: tests run one when they send.
	ResyncTicks <-chan time.Time
}

// command is one subcommand.
type command struct {
	summary string
	run     func(m *Main, ctx context.Context, args []string) error
}

var commands = map[string]command{
	"build":     {"build the knowledge graph from --pages DIR, --crawl URL, a help desk (--zendesk, --intercom, --freshdesk, --helpscout, --document360, --chatwoot) or a wiki (--confluence, --mediawiki)", (*Main).runBuild},
	"export":    {"print the whole graph as JSON", (*Main).runExport},
	"lint":      {"list the graph's gaps a support team should fix", (*Main).runLint},
	"gaps":      {"list the questions real conversations show the help center is missing", (*Main).runGaps},
	"chat":      {"talk to the graph agent in the terminal", (*Main).runChat},
	"serve":     {"serve the web chat and the support-team pages", (*Main).runServe},
	"simulate":  {"run simulated dialogues of an inquiry set against an agent", (*Main).runSimulate},
	"evaluate":  {"evaluate simulated dialogues and write reports", (*Main).runEvaluate},
	"inquiries": {"generate or import inquiry sets", (*Main).runInquiries},
	"ask":       {"ask the graph and its escalations a question in plain language (Cypher, read-only)", (*Main).runAsk},
	"ask-eval":  {"measure how well ask answers an evaluation set", (*Main).runAskEval},
	"version":   {"print the version of this program", (*Main).runVersion},
}

var commandOrder = []string{"build", "export", "lint", "gaps", "chat", "serve", "ask", "ask-eval", "inquiries", "simulate", "evaluate", "version"}

// Run runs the subcommand named by args[0].
func (m *Main) Run(ctx context.Context, args []string) error {
	if m.Logger == nil {
		m.Logger = slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: m.Config.LogLevel}))
	}
	if len(args) == 2 && args[0] == "help" {
		if _, ok := commands[args[1]]; ok {
			args = []string{args[1], "-h"} // helpgraph help build: build's flags
		}
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		m.usage()
		if len(args) == 0 {
			return usageError{errors.New("no command given")}
		}
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		m.usage()
		return usageError{fmt.Errorf("unknown command %q", args[0])}
	}
	return cmd.run(m, ctx, args[1:])
}

func (m *Main) usage() {
	fmt.Fprintln(m.Stderr, "usage: helpgraph COMMAND [flags]\n\ncommands:")
	for _, name := range commandOrder {
		fmt.Fprintf(m.Stderr, "  %-10s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(m.Stderr, "\nRun 'helpgraph COMMAND -h' for a command's flags.")
}

// flagSet returns a FlagSet for a subcommand that reports errors instead of exiting.
func (m *Main) flagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("helpgraph "+name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	return fs
}

// parseFlags parses args, which take no positional argument, into fs,
// wrapping errors as usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError{fmt.Errorf("unexpected argument %q", pos[0])}
	}
	return nil
}

// usageError marks errors caused by how the command was called (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var ue usageError
	if errors.Is(err, flag.ErrHelp) {
		return 0 // help was asked for, and given
	}
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}
