package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
)

// The queue shows queuePageSize handoffs a page, newest first, with a link
// to the older ones (keeping the filter) and back to the newest: following
// the links shows every handoff once.
func TestQueuePages(t *testing.T) {
	ctx := context.Background()
	env := newTestEnv(t, Config{AdminToken: testToken})
	const n = 2*queuePageSize + 7
	var ids []string // newest first
	for i := range n {
		s, err := env.convs.Create(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		s.Escalated = true
		s.History = []dialogue.Turn{{Role: "user", Text: fmt.Sprint("question ", i)}, {Role: "agent", Text: "A person will help", Action: dialogue.Escalation}}
		h := &conversation.Handoff{Intent: "help"}
		if err := env.convs.Save(ctx, &s, 0, h); err != nil {
			t.Fatal(err)
		}
		if i%10 == 3 {
			if err := env.convs.SetStatus(ctx, h.ID, conversation.StatusClosed); err != nil {
				t.Fatal(err)
			}
		}
		ids = slices.Insert(ids, 0, fmt.Sprint(h.ID))
	}
	rows := regexp.MustCompile(`href="/admin/handoffs/(\d+)"`)
	older := regexp.MustCompile(`<a href="([^"]+)" rel="next">`)
	newest := regexp.MustCompile(`<a href="([^"]+)">Newest</a>`)

	path := "/admin/queue?all=1"
	var seen []string
	for page := 1; path != ""; page++ {
		status, body := adminGet(t, env, path)
		if status != 200 || page > 5 {
			t.Fatalf("GET %s: %d (page %d)", path, status, page)
		}
		got := rows.FindAllStringSubmatch(body, -1)
		if len(got) > queuePageSize {
			t.Errorf("page %d shows %d handoffs, want at most %d", page, len(got), queuePageSize)
		}
		for _, m := range got {
			seen = append(seen, m[1])
		}
		if (page > 1) != newest.MatchString(body) {
			t.Errorf("page %d: a link to the newest: %v", page, newest.MatchString(body))
		}
		path = ""
		if m := older.FindStringSubmatch(body); m != nil {
			path = html.UnescapeString(m[1])
			if !regexp.MustCompile(`status=all`).MatchString(path) {
				t.Errorf("the older link %q drops the filter", path)
			}
		}
	}
	if !slices.Equal(seen, ids) {
		t.Errorf("the pages show %d handoffs %v…, want all %d newest first %v…", len(seen), seen[:min(5, len(seen))], n, ids[:5])
	}

	if status, _ := adminGet(t, env, "/admin/queue?before=abc"); status != 400 {
		t.Errorf("?before=abc: %d, want 400", status)
	}
	// The default filter (not closed) pages too.
	status, body := adminGet(t, env, "/admin/queue")
	if status != 200 || len(rows.FindAllString(body, -1)) != queuePageSize || !older.MatchString(body) {
		t.Errorf("the default queue: %d, %d rows, older link %v", status, len(rows.FindAllString(body, -1)), older.MatchString(body))
	}
}

// A long conversation's handoff page shows transcriptPageSize turns, the
// latest first, with links to the earlier and later ones.
func TestHandoffPageTurns(t *testing.T) {
	ctx := context.Background()
	env := newTestEnv(t, Config{AdminToken: testToken})
	s, err := env.convs.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	const n = 2*transcriptPageSize + 50
	for i := range n / 2 {
		s.History = append(s.History, dialogue.Turn{Role: "user", Text: fmt.Sprintf("message %03d", 2*i)},
			dialogue.Turn{Role: "agent", Text: fmt.Sprintf("answer %03d", 2*i+1), Action: dialogue.Clarification})
	}
	s.Escalated = true
	h := &conversation.Handoff{Intent: "help"}
	if err := env.convs.Save(ctx, &s, 0, h); err != nil {
		t.Fatal(err)
	}
	turn := regexp.MustCompile(`(?:message|answer) (\d{3})`)
	link := func(body, label string) string {
		m := regexp.MustCompile(`<a href="([^"]+)">` + label + `</a>`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return html.UnescapeString(m[1])
	}
	base := fmt.Sprintf("/admin/handoffs/%d", h.ID)
	for _, step := range []struct {
		path           string
		first, last    string
		earlier, later string
	}{
		{base, "150", "249", base + "?from=50", ""},
		{base + "?from=50", "050", "149", base + "?from=0", base},
		{base + "?from=0", "000", "099", "", base + "?from=100"},
		{base + "?from=100", "100", "199", base + "?from=0", base},
	} {
		status, body := adminGet(t, env, step.path)
		turns := turn.FindAllStringSubmatch(body, -1)
		if status != 200 || len(turns) != transcriptPageSize || turns[0][1] != step.first || turns[len(turns)-1][1] != step.last {
			t.Errorf("GET %s: %d, %d turns; want %d from %s to %s", step.path, status, len(turns), transcriptPageSize, step.first, step.last)
			continue
		}
		// The whole conversation's length, not the page's.
		if want := fmt.Sprintf("a conversation of %d turns", n); !strings.Contains(body, want) {
			t.Errorf("GET %s lacks %q", step.path, want)
		}
		if got := link(body, "Earlier turns"); got != step.earlier {
			t.Errorf("GET %s: earlier link %q, want %q", step.path, got, step.earlier)
		}
		if got := link(body, "Later turns"); got != step.later {
			t.Errorf("GET %s: later link %q, want %q", step.path, got, step.later)
		}
	}
	if status, _ := adminGet(t, env, base+"?from=-3"); status != 400 {
		t.Errorf("?from=-3: %d, want 400", status)
	}
}

// BenchmarkQueuePage serves the first page of a queue of 10,000 handoffs
// not closed, reporting the page's size (before pagination: every
// handoff, 2.9 MB).
func BenchmarkQueuePage(b *testing.B) {
	ctx := context.Background()
	convs, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "conv.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer convs.Close()
	store := &memStore{}
	if _, err := store.Replace(ctx, bookingGraph("Graph A"), json.RawMessage(`{"pages":1,"nodes":3}`)); err != nil {
		b.Fatal(err)
	}
	srv := New(Config{AdminToken: testToken}, Deps{Graphs: store, Conversations: convs, NewAgent: newFakeAgent})
	if _, err := srv.Reload(ctx); err != nil {
		b.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 16 { // concurrent saves share commits
		wg.Go(func() {
			for i := w; i < 10_000; i += 16 {
				s, err := convs.Create(ctx, "")
				if err != nil {
					b.Error(err)
					return
				}
				s.Escalated = true
				s.History = []dialogue.Turn{{Role: "user", Text: fmt.Sprint("my booking number ", i, " does not work")},
					{Role: "agent", Text: "A person will help", Action: dialogue.Escalation}}
				err = convs.Save(ctx, &s, 0, &conversation.Handoff{Intent: "change booking"})
				if errors.Is(err, conversation.ErrRefTaken) { // 1 in 17 runs of 10,000: draw again
					err = convs.Save(ctx, &s, 0, &conversation.Handoff{Intent: "change booking"})
				}
				if err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	var size int
	for b.Loop() {
		req := httptest.NewRequest("GET", "/admin/queue", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := srv.App().Test(req, -1)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("%d %s", resp.StatusCode, body)
		}
		size = len(body)
	}
	b.ReportMetric(float64(size), "page-bytes")
}
