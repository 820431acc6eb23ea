package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/conversation/sqlite"
)

// tableEngine answers one statement and fails the others like an engine.
type tableEngine struct{ ran []string }

const (
	askCypher     = "MATCH (p:HelpgraphPage) RETURN p.title AS title"
	askFormCypher = "MATCH (p:HelpgraphPage) RETURN DISTINCT p.title AS title" // "list all pages", read offline
)

func (e *tableEngine) Query(ctx context.Context, cypher string, limits ask.Limits) (ask.Result, error) {
	e.ran = append(e.ran, cypher)
	if cypher == askCypher || cypher == askCypher+" LIMIT 1" || cypher == askFormCypher {
		return ask.Result{Columns: []string{"title"}, Rows: [][]any{{"<Booking> & more"}, {"Refunds"}}}, nil
	}
	return ask.Result{}, errors.New("Binder exception: Table Pgae does not exist")
}

type emptyCatalog struct{}

func (emptyCatalog) Catalog(context.Context) (*ask.Catalog, error) { return ask.NewCatalog(nil), nil }

func newAskEnv(t *testing.T, a Asker) *testEnv {
	t.Helper()
	convs, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "conv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { convs.Close() })
	store := &memStore{}
	if _, err := store.Replace(context.Background(), bookingGraph("Graph A"), json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	srv := New(Config{AdminToken: testToken}, Deps{Graphs: store, Conversations: convs, NewAgent: newFakeAgent, Ask: a})
	return &testEnv{srv: srv, store: store, convs: convs}
}

func (e *testEnv) askPost(t *testing.T, form url.Values) string {
	t.Helper()
	req := httptest.NewRequest("POST", "/admin/ask", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, body := e.do(t, req)
	if resp.StatusCode != 303 {
		t.Fatalf("POST /admin/ask %v: %d %s", form, resp.StatusCode, body)
	}
	loc := resp.Header.Get("Location")
	get := httptest.NewRequest("GET", loc, nil)
	get.Header.Set("Authorization", "Bearer "+testToken)
	resp, body = e.do(t, get)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", loc, resp.StatusCode)
	}
	return body
}

func TestAskPage(t *testing.T) {
	eng := &tableEngine{}
	a := &ask.Asker{Engine: eng, Catalogs: emptyCatalog{}, Examples: []ask.Example{{Question: "list all pages", Cypher: askCypher}}}
	env := newAskEnv(t, a)

	get := httptest.NewRequest("GET", "/admin/ask", nil)
	get.Header.Set("Authorization", "Bearer "+testToken)
	if _, first := env.do(t, get); !strings.Contains(first, `<button type="submit" name="question" value="Which pages have the most problems?" class="ask-suggestion">`) {
		t.Error("the first page's suggested questions are not buttons that ask them")
	}
	body := env.askPost(t, url.Values{"question": {"List all pages"}})
	// The offline reader understands it: the page keeps its reading, Cypher, table and summary.
	for _, want := range []string{"List all pages", "2 rows: &lt;Booking&gt; &amp; more, Refunds", "<th scope=\"col\">title</th>",
		"<td>Refunds</td>", ">" + askFormCypher + "</textarea>", "(form)",
		"Understood as: <code>list page</code>", `href="/admin/ask"`} {
		if !strings.Contains(body, want) {
			t.Errorf("answer page lacks %q", want)
		}
	}
	if strings.Contains(body, "<Booking>") {
		t.Error("result cell not escaped")
	}
	id := between(body, `name="c" value="`, `"`)
	if id == "" {
		t.Fatal("no conversation id on the page")
	}

	// The edited Cypher runs in the same conversation, below the first answer.
	body = env.askPost(t, url.Values{"c": {id}, "cypher": {askCypher + " LIMIT 1"}})
	if !strings.Contains(body, "List all pages") || !strings.Contains(body, "Cypher run by hand") || !strings.Contains(body, `id="a2"`) {
		t.Errorf("edited Cypher not shown in the conversation:\n%s", body)
	}
	// Engine errors and refusals are shown, not 500s.
	body = env.askPost(t, url.Values{"c": {id}, "cypher": {"MATCH (p:Pgae) RETURN p"}})
	if !strings.Contains(body, "Table Pgae does not exist") {
		t.Error("engine error not shown")
	}
	body = env.askPost(t, url.Values{"c": {id}, "cypher": {"MATCH (n) DETACH DELETE n"}})
	if !strings.Contains(body, "refused: DETACH changes the graph") {
		t.Errorf("refusal not shown:\n%s", body[strings.LastIndex(body, "id=\"a4\""):])
	}
	body = env.askPost(t, url.Values{"c": {id}, "question": {"what is the meaning of life"}})
	if !strings.Contains(body, "can&#39;t answer that offline") || !strings.Contains(body, "list all pages") {
		t.Error("offline refusal with suggestions not shown")
	}
	for _, c := range eng.ran {
		if strings.Contains(c, "DELETE") {
			t.Errorf("engine ran %q", c)
		}
	}
}

func TestAskPageGuards(t *testing.T) {
	env := newAskEnv(t, nil)
	req := httptest.NewRequest("GET", "/admin/ask", nil)
	if resp, _ := env.do(t, req); resp.StatusCode != 401 {
		t.Errorf("unauthenticated: %d", resp.StatusCode)
	}
	req = httptest.NewRequest("GET", "/admin/ask", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	if _, body := env.do(t, req); !strings.Contains(body, "not configured") {
		t.Error("page without an asker does not say so")
	}
	// A cross-site form post is refused.
	req = httptest.NewRequest("POST", "/admin/ask", strings.NewReader("question=x"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Origin", "https://evil.example")
	if resp, _ := env.do(t, req); resp.StatusCode != 403 {
		t.Errorf("cross-site post: %d", resp.StatusCode)
	}
}

func between(s, start, end string) string {
	_, rest, ok := strings.Cut(s, start)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, end)
	return v
}
