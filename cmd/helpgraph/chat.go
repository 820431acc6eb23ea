package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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
	opts := m.agentOptions(dialogue.Options{Logger: m.Logger, HumanHandoff: false, Synonyms: synonyms}, client)
	agent := dialogue.NewGraphAgent(g, opts)
	fmt.Fprintf(m.Stderr, "Helpgraph chat: %d pages, %d nodes. Type your question; /restart starts over; end with Ctrl-D.\n", len(g.Pages), len(g.Nodes))
	if client != nil {
		defer m.printLLMUsage(m.Stderr, "chat:", client, llm.Stats{})
	}
	return chatLoop(ctx, agent, m.Stdin, m.Stdout)
}

// chatLoop answers each non-empty line of in with agent and prints the replies to out.
func chatLoop(ctx context.Context, agent dialogue.Agent, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	s := &dialogue.Session{ID: "terminal"}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		// A command, not a message: it never reaches the agent.
		if strings.EqualFold(line, "/restart") {
			s = &dialogue.Session{ID: s.ID}
			fmt.Fprint(out, "Started over. What can I help you with?\n\n")
			continue
		}
		r, err := agent.Respond(ctx, s, line)
		if err != nil {
			return fmt.Errorf("chat: answering %q: %w", line, err)
		}
		printReply(out, r)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("chat: reading input: %w", err)
	}
	return nil
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
