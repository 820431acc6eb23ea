package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
	convsqlite "github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph/sqlite"
)

func TestGapsCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	store := filepath.Join(dir, "graph.db")
	build := &Main{Config: config.Config{Store: store}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v", err)
	}
	st, err := sqlite.Open(ctx, store, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.Load(ctx)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	node := g.Nodes[0]

	convPath := filepath.Join(dir, "conv.db")
	convs, err := convsqlite.Open(ctx, convPath)
	if err != nil {
		t.Fatal(err)
	}
	save := func(turns ...dialogue.Turn) string {
		s, err := convs.Create(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		s.History = turns
		if err := convs.Save(ctx, &s, 0, nil); err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	save(dialogue.Turn{Role: "user", Text: "my parrot ate the invoice"}, dialogue.Turn{Role: "agent", Action: dialogue.Escalation})
	rated := save(dialogue.Turn{Role: "user", Text: "that thing about reservations"}, dialogue.Turn{Role: "agent", Action: dialogue.Resolution, NodeID: node.ID})
	if err := convs.RecordFeedback(ctx, rated, 1, false); err != nil {
		t.Fatal(err)
	}
	convs.Close()

	var out bytes.Buffer
	m := &Main{Config: config.Config{Store: store, ConversationsDB: convPath}, Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := m.Run(ctx, []string{"gaps"}); err != nil {
		t.Fatalf("gaps: %v", err)
	}
	for _, want := range []string{"2 questions in 2 groups (escalated 1, not helpful 1, rephrase 0)",
		"No page: matched nothing", `"my parrot ate the invoice"`, node.Problem, node.Page, `"that thing about reservations"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gaps output lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	if err := m.Run(ctx, []string{"gaps", "--format", "json"}); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Questions int       `json:"questions"`
		Groups    []gapJSON `json:"groups"`
	}
	if err := json.Unmarshal(out.Bytes(), &j); err != nil || j.Questions != 2 || len(j.Groups) != 2 {
		t.Errorf("json: %v %+v\n%s", err, j, out.String())
	}

	missing := &Main{Config: config.Config{Store: store, ConversationsDB: filepath.Join(dir, "none.db")}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	if err := missing.Run(ctx, []string{"gaps"}); err == nil || !strings.Contains(err.Error(), "no conversations at") {
		t.Errorf("gaps without a conversation database: %v", err)
	}
}
