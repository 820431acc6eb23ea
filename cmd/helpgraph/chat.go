package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/llm"
)

// errEmptyGraph is returned by chat when the store holds no graph yet.
var errEmptyGraph = errors.New("graph is empty: run helpgraph build first")

// runChat talks to the graph agent in the terminal: one user message per
// line of Stdin, each reply printed with its action, numbered options and
// sources, until EOF.
func (m *Main) runChat(ctx context.Context, args []string) error {
	fs := m.flagSet("chat")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	llmMode := fs.String("llm", "auto", "LLM for intent identification and replies: auto (when an endpoint is configured), on or off")
	synonymsPath := synonymsFlag(fs)
	langs := addLanguageFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	client, err := m.openLLM(*llmMode)
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	store, err := m.openReadStore(ctx, *storeSpec)
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	defer store.Close()
	g, err := store.Load(ctx)
	if err != nil {
		return fmt.Errorf("chat: loading graph: %w", err)
	}
	if len(g.Nodes) == 0 {
		return errEmptyGraph
	}
	// Nobody reads a terminal conversation afterwards, so escalations must
	// not promise that a person will follow up.
	synonyms, err := readSynonyms(*synonymsPath)
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	opts, err := langs.apply(m.agentOptions(dialogue.Options{Logger: m.Logger, HumanHandoff: false, Synonyms: synonyms}, client))
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	agent := dialogue.NewGraphAgent(g, opts)
	fmt.Fprintf(m.Stderr, "Helpgraph chat: %d pages, %d nodes. Type your question; /restart starts over; end with Ctrl-D.\n", len(g.Pages), len(g.Nodes))
	if client != nil {
		defer m.printLLMUsage(m.Stderr, "chat:", client, llm.Stats{})
	}
	if in, out, ok := terminals(m.Stdin, m.Stdout); ok {
		return ttyChat(ctx, agent, in, out)
	}
	return chatLoop(ctx, agent, m.Stdin, m.Stdout)
}

// chatLoop answers each non-empty line of in with agent and prints the
// replies to out, in the plain format scripts read.
func chatLoop(ctx context.Context, agent dialogue.Agent, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	read := func() (string, error) {
		if sc.Scan() {
			return sc.Text(), nil
		}
		if err := sc.Err(); err != nil {
			return "", fmt.Errorf("chat: reading input: %w", err)
		}
		return "", io.EOF
	}
	return converseLoop(ctx, agent, read, out, printReply)
}

// converseLoop answers each non-empty line read with agent until io.EOF.
// "/restart" starts over; a number picks that option of the last reply.
func converseLoop(ctx context.Context, agent dialogue.Agent, read func() (string, error), out io.Writer, print func(io.Writer, dialogue.Reply)) error {
	s := &dialogue.Session{ID: "terminal"}
	var offered []dialogue.Option
	for {
		line, err := read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		// A command, not a message: it never reaches the agent.
		if strings.EqualFold(line, "/restart") {
			s, offered = &dialogue.Session{ID: s.ID}, nil
			fmt.Fprint(out, "Started over. What can I help you with?\n\n")
			continue
		}
		if k, err := strconv.Atoi(line); err == nil && k >= 1 && k <= len(offered) {
			line = offered[k-1].Value
		}
		r, err := agent.Respond(ctx, s, line)
		if err != nil {
			return fmt.Errorf("chat: answering %q: %w", line, err)
		}
		offered = r.Options
		print(out, r)
	}
}

func printReply(w io.Writer, r dialogue.Reply) {
	fmt.Fprintf(w, "[%s] %s\n", r.Action, r.Text)
	for i, o := range r.Options {
		fmt.Fprintf(w, "  %d. %s\n", i+1, o.Label)
	}
	if len(r.Sources) > 0 {
		fmt.Fprintf(w, "  sources: %s\n", strings.Join(r.Sources, ", "))
	}
	fmt.Fprintln(w)
}
