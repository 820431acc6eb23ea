package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/helpgraph/helpgraph/internal/latency"
	"github.com/valyala/fasthttp"
)

// browserCookie is the chat's browser cookie (web.browserCookie): a client
// sends back what it was given, as a browser would.
const browserCookie = "helpgraph_browser"

type loadConfig struct {
	url      string // the server's base URL
	clients  int    // concurrent conversations, one browser each
	turns    int    // messages a conversation sends at most
	duration time.Duration
	warmup   time.Duration
	// conversations, when positive, ends the run after that many
	// conversations in all (the measured ones: warm-up ones are extra), so
	// a run's work does not depend on the machine's speed.
	conversations int
	messages      []string
	serverPID     int
	seed          uint64
}

func runLoad(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadgen run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg loadConfig
	fs.StringVar(&cfg.url, "url", "http://127.0.0.1:8080", "base URL of helpgraph serve (run it with --rate-limit -1)")
	fs.IntVar(&cfg.clients, "clients", 32, "concurrent conversations (one browser and keep-alive connection each)")
	fs.IntVar(&cfg.turns, "turns", 3, "messages per conversation: the first from -messages, then an offered option while there is one")
	fs.DurationVar(&cfg.duration, "duration", 10*time.Second, "how long to measure")
	fs.DurationVar(&cfg.warmup, "warmup", 2*time.Second, "load before measuring, not counted")
	fs.IntVar(&cfg.conversations, "conversations", 0, "stop after this many measured conversations in all (0: run for -duration; -duration still bounds the run)")
	msgPath := fs.String("messages", "testdata/inquiries/helpcenter.jsonl", "first messages: an inquiry set (.jsonl, its utterances) or text, one a line")
	fs.IntVar(&cfg.serverPID, "server-pid", 0, "the server's process id, to report its CPU time (Linux /proc)")
	fs.Uint64Var(&cfg.seed, "seed", 1, "random seed for the choice of messages and options")
	cpuProfile := fs.String("cpuprofile", "", "write the generator's own CPU profile to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("run: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("run: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if cfg.clients < 1 || cfg.turns < 1 || cfg.duration <= 0 || cfg.conversations < 0 {
		return errors.New("run: -clients, -turns and -duration must be positive, -conversations not negative")
	}
	msgs, err := readMessages(*msgPath)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	cfg.messages = msgs
	res, err := drive(ctx, cfg)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	res.print(stdout, cfg)
	if res.errors > 0 {
		return fmt.Errorf("run: %d requests failed; first: %v", res.errors, res.firstErr)
	}
	return nil
}

// readMessages reads first messages: the "utterance" of each line of a
// JSON Lines inquiry set, or each non-empty line of a text file.
func readMessages(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var msgs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasSuffix(path, ".jsonl") {
			var inq struct {
				Utterance string `json:"utterance"`
			}
			if err := json.Unmarshal([]byte(line), &inq); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			line = inq.Utterance
		}
		if line != "" {
			msgs = append(msgs, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(msgs) == 0 {
		return nil, fmt.Errorf("%s: no messages", path)
	}
	return msgs, nil
}

// result is what one run measured.
type result struct {
	lat           latency.Histogram
	errors        int
	firstErr      error
	conversations int
	wall          time.Duration
	selfCPU       time.Duration // the generator's user+system CPU in the window
	serverCPU     time.Duration // the server's, when its pid was given
	serverCPUOK   bool
}

// chatReply is the part of POST /api/chat's answer a client reads.
type chatReply struct {
	SessionID string `json:"session_id"`
	Options   []struct {
		Value string `json:"value"`
	} `json:"options"`
}

// drive runs cfg.clients browsers for warmup+duration (or until
// cfg.conversations measured conversations are done), each holding
// conversations of up to cfg.turns messages, and measures after the
// warm-up. Keep-alive connections, one per client (fasthttp, whose
// client costs the shared CPU less than net/http's).
func drive(ctx context.Context, cfg loadConfig) (*result, error) {
	u, err := url.Parse(cfg.url)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("bad -url %q", cfg.url)
	}
	hc := &fasthttp.HostClient{
		Addr:         u.Host,
		IsTLS:        u.Scheme == "https",
		MaxConns:     cfg.clients,
		ReadTimeout:  10 * time.Second,
		WriteTimeout: 10 * time.Second,
	}
	base := strings.TrimSuffix(cfg.url, "/")
	if err := waitReady(ctx, hc, base+"/readyz", time.Minute); err != nil {
		return nil, err
	}
	endpoint := base + "/api/chat"

	start := time.Now()
	measureFrom := start.Add(cfg.warmup)
	deadline := measureFrom.Add(cfg.duration)
	var (
		mu      sync.Mutex
		res     = &result{}
		cpu     [2]cpuSample
		started atomic.Int64 // measured conversations begun, for cfg.conversations
	)
	// The CPU counters are read when the measured window opens and when it
	// closes: at the deadline, or when the clients are done.
	clientsDone := make(chan struct{})
	windowDone := make(chan struct{})
	go func() {
		defer close(windowDone)
		sleepUntil(ctx, measureFrom)
		cpu[0] = sampleCPU(cfg.serverPID)
		select {
		case <-ctx.Done():
		case <-clientsDone:
		case <-time.After(time.Until(deadline)):
		}
		cpu[1] = sampleCPU(cfg.serverPID)
	}()

	var wg sync.WaitGroup
	for i := range cfg.clients {
		wg.Go(func() {
			c := &client{hc: hc, endpoint: endpoint, rng: rand.New(rand.NewPCG(cfg.seed, uint64(i)))}
			if cfg.conversations > 0 {
				c.another = func() bool { return started.Add(1) <= int64(cfg.conversations) }
			}
			c.req = fasthttp.AcquireRequest()
			c.resp = fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(c.req)
			defer fasthttp.ReleaseResponse(c.resp)
			c.loop(ctx, cfg, measureFrom, deadline)
			mu.Lock()
			res.lat.Merge(&c.lat)
			res.errors += c.errors
			res.conversations += c.conversations
			if res.firstErr == nil {
				res.firstErr = c.firstErr
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	close(clientsDone)
	<-windowDone
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.wall = cpu[1].at.Sub(cpu[0].at)
	res.selfCPU = cpu[1].self - cpu[0].self
	if cpu[0].serverOK && cpu[1].serverOK {
		res.serverCPU, res.serverCPUOK = cpu[1].server-cpu[0].server, true
	}
	return res, nil
}

// waitReady polls the server's /readyz until it answers 200, so the run can
// start right after the server process does.
func waitReady(ctx context.Context, hc *fasthttp.HostClient, readyz string, limit time.Duration) error {
	giveUp := time.Now().Add(limit)
	for {
		code, body, err := hc.Get(nil, readyz)
		if err == nil && code == fasthttp.StatusOK {
			return nil
		}
		if time.Now().After(giveUp) {
			if err == nil {
				err = fmt.Errorf("status %d: %s", code, body)
			}
			return fmt.Errorf("%s not ready after %s: %w", readyz, limit, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func sleepUntil(ctx context.Context, t time.Time) {
	select {
	case <-ctx.Done():
	case <-time.After(time.Until(t)):
	}
}

// client is one browser: its cookie, its connection's request and response.
type client struct {
	hc       *fasthttp.HostClient
	endpoint string
	rng      *rand.Rand
	req      *fasthttp.Request
	resp     *fasthttp.Response
	cookie   []byte
	body     bytes.Buffer
	// another, when set, says whether to begin one more measured
	// conversation (it counts them across clients).
	another func() bool

	lat           latency.Histogram
	errors        int
	firstErr      error
	conversations int
}

func (c *client) loop(ctx context.Context, cfg loadConfig, measureFrom, deadline time.Time) {
	for ctx.Err() == nil && time.Now().Before(deadline) {
		if c.another != nil && !time.Now().Before(measureFrom) && !c.another() {
			return
		}
		msg, session := cfg.messages[c.rng.IntN(len(cfg.messages))], ""
		for range cfg.turns {
			start := time.Now()
			if !start.Before(deadline) {
				return
			}
			reply, err := c.post(session, msg)
			end := time.Now()
			if !start.Before(measureFrom) && end.Before(deadline) {
				if err != nil {
					c.errors++
					if c.firstErr == nil {
						c.firstErr = err
					}
				} else {
					c.lat.Add(end.Sub(start))
				}
			}
			if err != nil || len(reply.Options) == 0 {
				break
			}
			session, msg = reply.SessionID, reply.Options[c.rng.IntN(len(reply.Options))].Value
		}
		c.conversations++
	}
}

func (c *client) post(session, message string) (chatReply, error) {
	c.body.Reset()
	// json.Marshal of a struct would allocate twice as much; the encoder
	// escapes the strings the same way.
	enc := json.NewEncoder(&c.body)
	enc.Encode(struct {
		SessionID string `json:"session_id,omitempty"`
		Message   string `json:"message"`
	}{session, message})
	c.req.Reset()
	c.req.SetRequestURI(c.endpoint)
	c.req.Header.SetMethod(fasthttp.MethodPost)
	c.req.Header.SetContentType("application/json")
	c.req.SetBodyRaw(c.body.Bytes())
	if c.cookie != nil {
		c.req.Header.SetCookieBytesKV([]byte(browserCookie), c.cookie)
	}
	c.resp.Reset()
	if err := c.hc.Do(c.req, c.resp); err != nil {
		return chatReply{}, err
	}
	if v := c.resp.Header.PeekCookie(browserCookie); v != nil {
		var ck fasthttp.Cookie
		if ck.ParseBytes(v) == nil {
			c.cookie = append(c.cookie[:0], ck.Value()...)
		}
	}
	if sc := c.resp.StatusCode(); sc != fasthttp.StatusOK {
		return chatReply{}, fmt.Errorf("status %d: %.200s", sc, c.resp.Body())
	}
	var r chatReply
	if err := json.Unmarshal(c.resp.Body(), &r); err != nil {
		return chatReply{}, fmt.Errorf("decoding the reply: %w", err)
	}
	return r, nil
}

func (r *result) print(w io.Writer, cfg loadConfig) {
	secs := r.wall.Seconds()
	fmt.Fprintf(w, "load: %s, %d clients, up to %d turns a conversation, %d first messages, %d CPUs\n",
		cfg.url, cfg.clients, cfg.turns, len(cfg.messages), runtime.NumCPU())
	fmt.Fprintf(w, "turns: %d in %.1fs = %.0f turns/s (%d conversations), %d errors\n",
		r.lat.Count(), secs, float64(r.lat.Count())/secs, r.conversations, r.errors)
	fmt.Fprintf(w, "latency: p50 %s, p95 %s, p99 %s, max %s\n",
		r.lat.Percentile(0.50), r.lat.Percentile(0.95), r.lat.Percentile(0.99), r.lat.Max())
	fmt.Fprintf(w, "generator CPU: %.2fs = %.2f cores (%.0f%% of the machine)\n",
		r.selfCPU.Seconds(), r.selfCPU.Seconds()/secs, 100*r.selfCPU.Seconds()/secs/float64(runtime.NumCPU()))
	if r.serverCPUOK {
		fmt.Fprintf(w, "server CPU:    %.2fs = %.2f cores (%.0f%% of the machine), %.0f µs a turn\n",
			r.serverCPU.Seconds(), r.serverCPU.Seconds()/secs, 100*r.serverCPU.Seconds()/secs/float64(runtime.NumCPU()),
			float64(r.serverCPU.Microseconds())/float64(max(r.lat.Count(), 1)))
	}
}
