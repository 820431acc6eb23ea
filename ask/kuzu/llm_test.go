//go:build cgo

package kuzu_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

func reply(question, cypher string) llmtest.Reply {
	b, _ := json.Marshal(map[string]string{"question": question, "cypher": cypher})
	return llmtest.Reply{Content: string(b)}
}

// On the real engine: Kùzu's error for the model's first, invalid query goes
// back to it, its second query answers; a follow-up is sent with the
// conversation and rewritten to stand alone.
func TestLLMLoopOnKuzu(t *testing.T) {
	e := newEnv(t)
	srv := llmtest.NewServer(t)
	client, err := llm.New(srv.Config())
	if err != nil {
		t.Fatal(err)
	}
	a := e.asker()
	a.LLM = client
	const refunds = "https://help.staynest.example/payments/refunds.html"
	srv.Enqueue(
		reply("which problems are on the Refunds page", "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:Pgae {url: '"+refunds+"'}) RETURN n.problem AS problem"),
		reply("which problems are on the Refunds page", "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: '"+refunds+"'}) RETURN n.problem AS problem"),
		reply("which problems on the Refunds page are actionable", "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: '"+refunds+"'}) WHERE n.actionable RETURN n.problem AS problem"),
	)
	s := &ask.Session{}
	ctx := context.Background()
	first, err := a.Ask(ctx, s, "Which problems are on the Refunds page?")
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Attempts) != 2 || !strings.Contains(first.Attempts[0].Error, "Pgae") || len(first.Result.Rows) != 5 {
		t.Fatalf("first answer: %+v", first)
	}
	fed := srv.Requests()[1].Messages
	if last := fed[len(fed)-1].Content; !strings.Contains(last, "Pgae") {
		t.Errorf("Kùzu's error not fed back: %s", last)
	}
	second, err := a.Ask(ctx, s, "and only the actionable ones?")
	if err != nil {
		t.Fatal(err)
	}
	if second.Rewritten != "which problems on the Refunds page are actionable" || len(second.Result.Rows) != 2 {
		t.Errorf("follow-up: %+v", second)
	}
	prompt := srv.Requests()[2].Messages
	if user := prompt[len(prompt)-1].Content; !strings.Contains(user, "which problems are on the Refunds page") || !strings.Contains(user, "Rows returned: 5") {
		t.Errorf("follow-up prompt lacks the history:\n%s", user)
	}
}
