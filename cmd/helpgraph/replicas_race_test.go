package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/conversation/postgres"
	"github.com/helpgraph/helpgraph/internal/pgtest"
)

// Two replicas receiving many "talk to a person" messages of one
// conversation at once file exactly one handoff: the store refuses a
// second (and turns saved twice), and the replica that lost runs the turn
// again as a follow-up of the handoff that won. No request fails with a
// 5xx; every answered one names that handoff. The count is fixed, not a
// time window: HELPGRAPH_TEST_ESCALATIONS raises it (1,000 for the
// issue's measurement).
func TestServeReplicasRaceEscalations(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	tries := 200
	if v := os.Getenv("HELPGRAPH_TEST_ESCALATIONS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 {
			t.Fatalf("HELPGRAPH_TEST_ESCALATIONS=%q: want a number of tries, at least 2", v)
		}
		tries = n
	}
	graphPath := filepath.Join(t.TempDir(), "graph.db")
	var buildErr bytes.Buffer
	build := &Main{Config: config.Config{Store: graphPath}, Stdout: &bytes.Buffer{}, Stderr: &buildErr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildErr.String())
	}
	replicas := []string{startReplica(t, graphPath, dsn), startReplica(t, graphPath, dsn)}

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 2 * time.Minute,
		Transport: &http.Transport{MaxIdleConnsPerHost: tries, MaxConnsPerHost: tries}}
	first := chat(t, browser, replicas[0], "", "I'm getting an error when trying to change my booking")

	start := make(chan struct{})
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		refs     = map[string]int{}
		wg       sync.WaitGroup
	)
	for i := range tries {
		wg.Go(func() {
			body, _ := json.Marshal(map[string]string{"session_id": first.SessionID, "message": "talk to a person"})
			<-start
			resp, err := browser.Post(replicas[i%2]+"/api/chat", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Errorf("try %d: %v", i, err)
				return
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var r replyJSON
			json.Unmarshal(raw, &r)
			mu.Lock()
			defer mu.Unlock()
			statuses[resp.StatusCode]++
			switch {
			case resp.StatusCode == http.StatusOK && r.Handoff != nil:
				refs[r.Handoff.Ref]++
			case resp.StatusCode == http.StatusOK:
				t.Errorf("try %d: answered without a handoff: %s", i, raw)
			case resp.StatusCode != http.StatusConflict:
				t.Errorf("try %d: status %d: %s", i, resp.StatusCode, raw)
			}
		})
	}
	close(start)
	wg.Wait()
	t.Logf("%d tries over 2 replicas: statuses %v, handoff references in the replies %v", tries, statuses, refs)

	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hs, err := db.Handoffs(ctx, false)
	if err != nil || len(hs) != 1 {
		t.Fatalf("%d handoffs filed (%v), want 1: %+v", len(hs), err, hs)
	}
	if len(refs) != 1 || refs[hs[0].Ref] == 0 {
		t.Errorf("the replies name handoffs %v, want only %s", refs, hs[0].Ref)
	}
	conv, err := db.Get(ctx, first.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	// Each answered try is two turns (message and reply) after the first
	// exchange's two; a refused one (409) left nothing.
	if want := 2 + 2*statuses[http.StatusOK]; len(conv.History) != want {
		t.Errorf("%d turns saved, want %d for %d answered tries", len(conv.History), want, statuses[http.StatusOK])
	}
}
