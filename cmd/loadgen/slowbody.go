package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// slowBodyConfig is one slow-body run: conns connections that each
// announce a body of announce bytes and send one.
type slowBodyConfig struct {
	url       string
	path      string
	conns     int
	announce  int
	hold      time.Duration
	settle    time.Duration
	serverPID int
}

// runSlowBody is "loadgen slowbody": the slow-body attack of issue 23 as a
// bounded measurement. It opens -conns connections to the server, each
// sending a request head that announces -announce bytes of body and then
// one byte of it, holds them for -hold, closes them, waits -settle, and
// reports the server's resident memory (Linux /proc/PID/status) before,
// at the peak while the connections were held, and after; and how the
// server answered (a status, or still waiting for the body).
func runSlowBody(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadgen slowbody", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg slowBodyConfig
	fs.StringVar(&cfg.url, "url", "http://127.0.0.1:8080", "base URL of helpgraph serve")
	fs.StringVar(&cfg.path, "path", "/api/chat", "path the requests are posted to")
	fs.IntVar(&cfg.conns, "conns", 600, "connections, all from this machine")
	fs.IntVar(&cfg.announce, "announce", 1<<20, "body size each request announces (Content-Length), in bytes")
	fs.DurationVar(&cfg.hold, "hold", 5*time.Second, "how long the connections are held once all are open (less when the server has answered them all)")
	fs.DurationVar(&cfg.settle, "settle", 5*time.Second, "how long after closing them the memory is read again")
	fs.IntVar(&cfg.serverPID, "server-pid", 0, "the server's process id, to read its memory (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if cfg.serverPID <= 0 || cfg.conns < 1 || cfg.announce < 1 {
		return errors.New("slowbody: -server-pid, -conns and -announce must be positive")
	}
	res, err := slowBody(ctx, cfg)
	if err != nil {
		return fmt.Errorf("slowbody: %w", err)
	}
	res.print(stdout, cfg)
	return nil
}

type slowBodyResult struct {
	idle, peak, after int64 // server RSS, bytes
	answers           map[string]int
	dialErrors        int
}

func slowBody(ctx context.Context, cfg slowBodyConfig) (*slowBodyResult, error) {
	u, err := url.Parse(cfg.url)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("bad -url %q", cfg.url)
	}
	res := &slowBodyResult{answers: map[string]int{}}
	if res.idle, err = rss(cfg.serverPID); err != nil {
		return nil, err
	}
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{",
		cfg.path, u.Host, cfg.announce)
	var (
		mu       sync.Mutex
		conns    []net.Conn
		answered int // connections the server answered or closed
		wg       sync.WaitGroup
	)
	// Each connection reads what the server says (if anything) until it
	// is closed: a status line, or nothing while the server waits.
	for range cfg.conns {
		c, err := (&net.Dialer{Timeout: 10 * time.Second}).DialContext(ctx, "tcp", u.Host)
		if err != nil {
			res.dialErrors++
			continue
		}
		if _, err := io.WriteString(c, head); err != nil {
			c.Close()
			res.dialErrors++
			continue
		}
		conns = append(conns, c)
		wg.Go(func() {
			answer := "no answer while held"
			if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
				answer = "status " + strconv.Itoa(resp.StatusCode)
				resp.Body.Close()
			} else if !errors.Is(err, net.ErrClosed) {
				answer = "closed by the server"
			}
			mu.Lock()
			res.answers[answer]++
			if answer != "no answer while held" {
				answered++
			}
			mu.Unlock()
		})
	}
	// The peak: sampled through the hold, as the server reads what came.
	// The hold ends early once the server has answered every connection.
	deadline := time.Now().Add(cfg.hold)
	for ctx.Err() == nil {
		if r, err := rss(cfg.serverPID); err == nil && r > res.peak {
			res.peak = r
		}
		mu.Lock()
		all := answered == len(conns)
		mu.Unlock()
		if all || !time.Now().Before(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, c := range conns {
		c.Close()
	}
	wg.Wait()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(cfg.settle):
	}
	if res.after, err = rss(cfg.serverPID); err != nil {
		return nil, err
	}
	return res, nil
}

func (r *slowBodyResult) print(w io.Writer, cfg slowBodyConfig) {
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	fmt.Fprintf(w, "slow bodies: %d connections to %s%s announcing %d bytes, sending 1, held %s (%d could not connect)\n",
		cfg.conns, cfg.url, cfg.path, cfg.announce, cfg.hold, r.dialErrors)
	fmt.Fprintf(w, "server answers: %v\n", r.answers)
	fmt.Fprintf(w, "server RSS: idle %.0f MB, peak %.0f MB (+%.0f MB), %s after closing %.0f MB (+%.0f MB)\n",
		mb(r.idle), mb(r.peak), mb(r.peak-r.idle), cfg.settle, mb(r.after), mb(r.after-r.idle))
}

// rss reads the resident set size of process pid from /proc/PID/status.
func rss(pid int) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}
