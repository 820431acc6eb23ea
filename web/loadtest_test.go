package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/internal/latency"
)

// TestLoad drives POST /api/chat on 127.0.0.1 with concurrent clients, each
// holding two-turn conversations (question, then the first option) over the
// sample help center with the real graph agent. It runs only with
// HELPGRAPH_LOADTEST=1; HELPGRAPH_LOADTEST_DURATION (default 30s) and
// HELPGRAPH_LOADTEST_CLIENTS (default 32) tune it; HELPGRAPH_LOADTEST_HANDOFFS=1
// makes a quarter of the clients hand off, and HELPGRAPH_LOADTEST_DESK=1
// delivers the handoffs by e-mail (a real SMTP server) and a signed webhook:
//
//	HELPGRAPH_LOADTEST=1 go test ./web -run TestLoad -v -timeout 10m
func TestLoad(t *testing.T) {
	if os.Getenv("HELPGRAPH_LOADTEST") != "1" {
		t.Skip("load test: set HELPGRAPH_LOADTEST=1 to run it")
	}
	duration := 30 * time.Second
	if d, err := time.ParseDuration(os.Getenv("HELPGRAPH_LOADTEST_DURATION")); err == nil && d > 0 {
		duration = d
	}
	clients := 32
	if n, err := strconv.Atoi(os.Getenv("HELPGRAPH_LOADTEST_CLIENTS")); err == nil && n > 0 {
		clients = n
	}

	cfg := Config{RateLimit: -1, MaxConnsPerIP: -1}
	handoffs := os.Getenv("HELPGRAPH_LOADTEST_HANDOFFS") == "1"
	withDesk := os.Getenv("HELPGRAPH_LOADTEST_DESK") == "1"
	cfg.EmailReplies = withDesk
	srv, _ := newSampleEnv(t, cfg)
	if withDesk {
		srv.desk = loadDesk(t)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	url := "http://" + ln.Addr().String() + "/api/chat"
	httpClient := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients},
		Timeout:   10 * time.Second,
	}

	// Latencies go into a fixed latency.Histogram allocated before the first heap
	// sample, so the test's own bookkeeping does not show up as server growth.
	var (
		mu       sync.Mutex
		lat      latency.Histogram
		errCount int
		firstErr error
	)
	heapBefore := heapInUse()
	// Each conversation is its own browser: it sends back the cookie it got.
	post := func(sessionID, message string, cookie *http.Cookie) (chatResponse, *http.Cookie, error) {
		body, _ := json.Marshal(chatRequest{SessionID: sessionID, Message: message})
		req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if cookie != nil {
			req.AddCookie(cookie)
		}
		start := time.Now()
		resp, err := httpClient.Do(req)
		var out chatResponse
		if err == nil {
			for _, c := range resp.Cookies() {
				if c.Name == browserCookie {
					cookie = c
				}
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				err = fmt.Errorf("status %d: %s", resp.StatusCode, b)
			} else {
				err = json.Unmarshal(b, &out)
			}
		}
		mu.Lock()
		if err != nil {
			errCount++
			if firstErr == nil {
				firstErr = err
			}
		} else {
			lat.Add(time.Since(start))
		}
		mu.Unlock()
		return out, cookie, err
	}
	deadline := time.Now().Add(duration)
	// Heap samples at every tenth of the run: the server's memory must stay
	// flat while conversations pile up in the store.
	var heapSamples []uint64
	samplerDone := make(chan struct{})
	go func() {
		defer close(samplerDone)
		tick := time.NewTicker(duration / 10)
		defer tick.Stop()
		for range 9 {
			<-tick.C
			heapSamples = append(heapSamples, heapInUse())
		}
	}()
	var wg sync.WaitGroup
	for client := range clients {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				// HELPGRAPH_LOADTEST_HANDOFFS=1: a quarter of the clients ask
				// for a person, then leave an address (two handoff events).
				if handoffs && client%4 == 0 {
					r, cookie, err := post("", "I want to talk to a person", nil)
					if err == nil {
						post(r.SessionID, "jane@example.com", cookie)
					}
					continue
				}
				r, cookie, err := post("", bookingQuestion, nil)
				if err != nil || len(r.Options) == 0 {
					continue
				}
				post(r.SessionID, r.Options[0].Value, cookie)
			}
		})
	}
	wg.Wait()
	<-samplerDone
	heapSamples = append(heapSamples, heapInUse())

	mib := func(b uint64) string { return fmt.Sprintf("%.1f", float64(b)/(1<<20)) }
	var series []string
	for _, h := range heapSamples {
		series = append(series, mib(h))
	}
	report := fmt.Sprintf("load: %d clients for %s: %d turns (%.0f turns/s), %d errors, p50 %s, p99 %s, heap in use (MiB) %s before, then %v",
		clients, duration, lat.Count(), float64(lat.Count())/duration.Seconds(), errCount,
		lat.Percentile(0.50), lat.Percentile(0.99), mib(heapBefore), series)
	t.Log(report)
	fmt.Println(report)
	if errCount > 0 {
		t.Errorf("%d requests failed; first: %v", errCount, firstErr)
	}
	// Flat: the last sample within 8 MiB of the first one taken under load.
	if first, last := heapSamples[0], heapSamples[len(heapSamples)-1]; last > first+8<<20 {
		t.Errorf("heap grew from %s to %s MiB under steady load", mib(first), mib(last))
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
