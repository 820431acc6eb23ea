package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

var replyStart = regexp.MustCompile(`(?m)^\[(?:resolution|clarification|escalation)\] `)

func TestChatAnswersFromTheBuiltGraph(t *testing.T) {
	ctx := context.Background()
	store := filepath.Join(t.TempDir(), "graph.db")
	var stderr bytes.Buffer
	build := &Main{Config: config.Config{Store: store}, Stdout: &bytes.Buffer{}, Stderr: &stderr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}

	var out bytes.Buffer
	in := strings.Join([]string{
		"I'm getting an error when trying to change my booking",
		"",
		"asdf qwerty",
		"asdf qwerty",
	}, "\n")
	chat := &Main{Config: config.Config{Store: store}, Stdin: strings.NewReader(in), Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := chat.Run(ctx, []string{"chat", "--llm", "off"}); err != nil {
		t.Fatalf("chat: %v", err)
	}
	// Each reply starts with its action in brackets at the start of a line.
	starts := replyStart.FindAllStringIndex(out.String(), -1)
	if len(starts) != 3 {
		t.Fatalf("got %d replies for 3 non-empty lines:\n%s", len(starts), out.String())
	}
	replies := []string{out.String()[:starts[1][0]], out.String()[starts[1][0]:starts[2][0]], out.String()[starts[2][0]:]}
	first := replies[0]
	for _, want := range []string{"[clarification]", "\n  1. ", "\n  2. ", "sources: https://help.staynest.example/reservations/change-errors.html"} {
		if !strings.Contains(first, want) {
			t.Errorf("first reply lacks %q:\n%s", want, first)
		}
	}
	// Words no page has while the situations are asked: the question
	// again, once; then the rephrase request.
	if !strings.HasPrefix(replies[1], "[clarification] ") || !strings.Contains(replies[1], "\n  1. ") {
		t.Errorf("nonsense to an open question should get the question again:\n%s", replies[1])
	}
	if !strings.HasPrefix(replies[2], "[clarification] ") || strings.Contains(replies[2], "sources:") {
		t.Errorf("nonsense again should get a rephrase request without sources:\n%s", replies[2])
	}
}

func TestChatEmptyGraph(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	st, err := sqlite.Open(context.Background(), path, nil) // a store with no build
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	m := &Main{
		Config: config.Config{Store: path},
		Stdin:  strings.NewReader("hello\n"), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
	}
	err = m.Run(context.Background(), []string{"chat", "--llm", "off"})
	if !errors.Is(err, errEmptyGraph) || exitCode(err) == 0 {
		t.Fatalf("got %v (exit %d), want %q and a non-zero exit", err, exitCode(err), errEmptyGraph)
	}
}

func TestChatUsesTheConfiguredLLM(t *testing.T) {
	ctx := context.Background()
	store := filepath.Join(t.TempDir(), "graph.db")
	var stderr bytes.Buffer
	build := &Main{Config: config.Config{Store: store}, Stdout: &bytes.Buffer{}, Stderr: &stderr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}
	srv := llmtest.NewServer(t)
	// The model says no candidate fits, whatever it is asked.
	srv.Handle(func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"query": "I want to change my booking", "node_id": ""}`}
	})
	cfg := config.Config{Store: store, OpenAIBaseURL: srv.URL + "/v1", OpenAIAPIKey: llmtest.APIKey, Model: llmtest.Model, EmbeddingModel: "off", LLMTimeout: 5 * time.Second}
	var out bytes.Buffer
	chat := &Main{Config: cfg, Stdin: strings.NewReader("I want to change my booking\n"), Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := chat.Run(ctx, []string{"chat", "--llm", "on"}); err != nil {
		t.Fatalf("chat: %v", err)
	}
	if len(srv.Requests()) == 0 {
		t.Fatal("--llm on sent nothing to the endpoint")
	}
	if !strings.HasPrefix(out.String(), "[clarification] Sorry") {
		t.Fatalf("the model's \"none fits\" should lead to a rephrase request, got:\n%s", out.String())
	}
}

// recordingAgent remembers the sessions it was asked to answer in.
type recordingAgent struct{ histories []int }

func (a *recordingAgent) Respond(ctx context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	a.histories = append(a.histories, len(s.History))
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: msg}, dialogue.Turn{Role: "agent", Text: "ok"})
	return dialogue.Reply{Action: dialogue.Clarification, Text: "ok"}, nil
}

func TestChatRestartCommand(t *testing.T) {
	agent := &recordingAgent{}
	var out bytes.Buffer
	if err := chatLoop(context.Background(), agent, strings.NewReader("one\ntwo\n/restart\nthree\n"), &out); err != nil {
		t.Fatal(err)
	}
	// "/restart" is not a message; the conversation after it starts empty.
	if want := []int{0, 2, 0}; !slices.Equal(agent.histories, want) {
		t.Errorf("history lengths seen by the agent = %v, want %v", agent.histories, want)
	}
	if !strings.Contains(out.String(), "Started over.") {
		t.Errorf("output lacks the restart notice:\n%s", out.String())
	}
}

func TestPrintFriendly(t *testing.T) {
	r := dialogue.Reply{Action: dialogue.Resolution, Text: "## Steps\nOpen [My bookings](https://x.test/b) and see https://x.test/c.",
		Options: []dialogue.Option{{Label: "Online"}, {Label: "By phone"}}, Sources: []string{"https://x.test/page"}}
	var plain bytes.Buffer
	printFriendly(&plain, r, false, 0)
	want := "Steps\nOpen My bookings (https://x.test/b) and see https://x.test/c.\n  1) Online\n  2) By phone\n  Source: https://x.test/page\n\n"
	if plain.String() != want {
		t.Errorf("printFriendly =\n%q\nwant\n%q", plain.String(), want)
	}
	var coloured bytes.Buffer
	printFriendly(&coloured, dialogue.Reply{Action: dialogue.Escalation, Text: "A person will help"}, true, 0)
	if !strings.Contains(coloured.String(), "\x1b[33mA person will help\x1b[0m") || strings.Contains(coloured.String(), "escalation") {
		t.Errorf("escalation in colour = %q", coloured.String())
	}
}

// optionAgent offers two options, then echoes what it was sent.
type optionAgent struct{ got []string }

func (a *optionAgent) Respond(ctx context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	a.got = append(a.got, msg)
	return dialogue.Reply{Action: dialogue.Clarification, Text: "which?",
		Options: []dialogue.Option{{Label: "Online", Value: "booked online"}, {Label: "Phone", Value: "booked by phone"}}}, nil
}

func TestChatNumberPicksOption(t *testing.T) {
	agent := &optionAgent{}
	if err := chatLoop(context.Background(), agent, strings.NewReader("help\n2\n7\n"), &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"help", "booked by phone", "7"}; !slices.Equal(agent.got, want) {
		t.Errorf("agent got %q, want %q", agent.got, want)
	}
}
