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
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestLoad drives POST /api/chat on 127.0.0.1 with concurrent clients, each
// holding two-turn conversations (question, then the first option) over the
// sample help center with the real graph agent. It runs only with
// HELPGRAPH_LOADTEST=1; HELPGRAPH_LOADTEST_DURATION (default 30s) and
// HELPGRAPH_LOADTEST_CLIENTS (default 32) tune it:
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

	srv, _ := newSampleEnv(t, Config{RateLimit: -1})
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

	heapBefore := heapInUse()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		errCount  int
		firstErr  error
	)
	post := func(sessionID, message string) (chatResponse, error) {
		body, _ := json.Marshal(chatRequest{SessionID: sessionID, Message: message})
		start := time.Now()
		resp, err := httpClient.Post(url, "application/json", bytes.NewReader(body))
		var out chatResponse
		if err == nil {
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
			latencies = append(latencies, time.Since(start))
		}
		mu.Unlock()
		return out, err
	}
	deadline := time.Now().Add(duration)
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				r, err := post("", bookingQuestion)
				if err != nil || len(r.Options) == 0 {
					continue
				}
				post(r.SessionID, r.Options[0].Value)
			}
		})
	}
	wg.Wait()
	elapsed := duration
	heapAfter := heapInUse()

	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	report := fmt.Sprintf("load: %d clients for %s: %d turns (%.0f turns/s), %d errors, p50 %s, p99 %s, heap in use %.1f MiB before, %.1f MiB after",
		clients, duration, len(latencies), float64(len(latencies))/elapsed.Seconds(), errCount,
		pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond),
		float64(heapBefore)/(1<<20), float64(heapAfter)/(1<<20))
	t.Log(report)
	fmt.Println(report)
	if errCount > 0 {
		t.Errorf("%d requests failed; first: %v", errCount, firstErr)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
