package web

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	convsqlite "github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

const bookingQuestion = "I'm getting an error when trying to change my booking"

// newSampleEnv builds the bundled sample help center offline into a SQLite
// store, as `helpgraph build --pages testdata/helpcenter` does, and serves it
// with the real graph agent, as `helpgraph serve` does.
func newSampleEnv(t testing.TB, cfg Config) (*Server, *sqlite.Store) {
	t.Helper()
	ctx := context.Background()
	docs, pageErrs, err := page.ReadDir(ctx, filepath.Join("..", "testdata", "helpcenter"), page.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "graph.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	b := kgbuild.Builder{Store: store, Extractor: kgbuild.NewStructural()}
	if _, err := b.Build(ctx, docs, pageErrs); err != nil {
		t.Fatalf("building the sample help center: %v", err)
	}
	convs, err := convsqlite.Open(ctx, filepath.Join(dir, "conv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { convs.Close() })
	srv := New(cfg, Deps{
		Graphs:        store,
		Conversations: convs,
		NewAgent: func(g *graph.Graph) dialogue.Agent {
			return dialogue.NewGraphAgent(g, dialogue.Options{HumanHandoff: true})
		},
		Lint: kgbuild.Lint,
	})
	if _, err := srv.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	return srv, store
}

// converseToResolution asks bookingQuestion and clicks the first option of
// each clarification until the agent resolves (at most 4 turns).
func converseToResolution(t *testing.T, env *testEnv) []chatResponse {
	t.Helper()
	var replies []chatResponse
	id, msg := "", bookingQuestion
	for range 4 {
		status, r, body := env.chat(t, id, msg)
		if status != 200 {
			t.Fatalf("%q: %d %s", msg, status, body)
		}
		replies = append(replies, r)
		if r.Action != dialogue.Clarification {
			break
		}
		if len(r.Options) == 0 {
			t.Fatalf("%q: clarification without options: %s", msg, body)
		}
		id, msg = r.SessionID, r.Options[0].Value
	}
	return replies
}

func TestSampleHelpCenterConversation(t *testing.T) {
	srv, _ := newSampleEnv(t, Config{})
	replies := converseToResolution(t, &testEnv{srv: srv})
	first, last := replies[0], replies[len(replies)-1]
	if first.Action != dialogue.Clarification || len(first.Options) < 2 {
		t.Errorf("first reply %+v, want a clarification with options", first)
	}
	if last.Action != dialogue.Resolution || len(last.Sources) == 0 || !safeLink(last.Sources[0]) ||
		!strings.Contains(last.Sources[0], "/reservations/") {
		t.Fatalf("last reply %+v, want a resolution with a reservations page as source", last)
	}
}

// TestOptionsLegend: the options under a clarification answer its question;
// those under an answer are what the customer may ask next, and a reload
// shows them too.
func TestOptionsLegend(t *testing.T) {
	srv, _ := newSampleEnv(t, Config{})
	env := &testEnv{srv: srv}
	for _, tc := range []struct {
		message    string
		action     dialogue.Action
		want, lack string
	}{
		{bookingQuestion, dialogue.Clarification, "<legend>Which of these fits?</legend>", "<legend>More on this:</legend>"},
		{"can I split the payment between two cards", dialogue.Resolution, "<legend>More on this:</legend>", "<legend>Which of these fits?</legend>"},
	} {
		status, r, body := env.chat(t, "", tc.message)
		if status != 200 || r.Action != tc.action || len(r.Options) == 0 {
			t.Fatalf("%q: %d %s, want a %s with options", tc.message, status, body, tc.action)
		}
		_, page := env.do(t, httptest.NewRequest("GET", "/?s="+r.SessionID, nil))
		if !strings.Contains(page, tc.want) || strings.Contains(page, tc.lack) {
			t.Errorf("%q: the page has %q: %v, %q: %v", tc.message, tc.want, strings.Contains(page, tc.want), tc.lack, strings.Contains(page, tc.lack))
		}
	}
}

// TestTalkToPersonOption: the not-found reply's lone "Talk to a person"
// asks nothing to choose between (no legend), and once clicked the
// conversation shows the customer said its label, in their language, not
// the value the option sends.
func TestTalkToPersonOption(t *testing.T) {
	srv, _ := newSampleEnv(t, Config{})
	env := &testEnv{srv: srv}
	status, r, body := env.chat(t, "", "ケーキの焼き方を教えてください")
	if status != 200 || len(r.Options) != 1 || r.Options[0].Value != dialogue.TalkToPersonValue {
		t.Fatalf("not-found reply %d %s, want the one option to talk to a person", status, body)
	}
	_, page := env.do(t, httptest.NewRequest("GET", "/?s="+r.SessionID, nil))
	if strings.Contains(page, "<legend>") {
		t.Error("a lone \"Talk to a person\" is offered under a legend asking which fits")
	}
	if status, _, body = env.chat(t, r.SessionID, r.Options[0].Value); status != 200 {
		t.Fatalf("clicking the option: %d %s", status, body)
	}
	_, page = env.do(t, httptest.NewRequest("GET", "/?s="+r.SessionID, nil))
	if label := r.Options[0].Label; !strings.Contains(page, `<p dir="auto">`+label+"</p>") || strings.Contains(page, `<p dir="auto">`+dialogue.TalkToPersonValue+"</p>") {
		t.Errorf("the conversation does not show the customer said %q", label)
	}
}
