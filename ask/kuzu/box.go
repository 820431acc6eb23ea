package kuzu

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/ask"
)

// BoxConfig says how the boxed engine's child process runs. Zero fields
// take the defaults.
type BoxConfig struct {
	// Command starts the child: a program and arguments that end in
	// ChildMain. Default: this executable with ChildArg.
	Command []string
	// Memory is how much the child may grow by after loading the graph
	// (default 1 GiB); BufferPool the engine's own cache (default 128 MiB).
	Memory     int64
	BufferPool uint64
	// MaxBytes bounds a result (default 16 MiB).
	MaxBytes int64
	// CPUPerSecond is the CPU time a query may use per second of its
	// timeout, all the engine's threads together (default 2).
	CPUPerSecond float64
	// LoadTimeout bounds loading the graph into a new child (default 5 minutes).
	LoadTimeout time.Duration
	Logger      *slog.Logger
	// grace replaces the constant grace in tests.
	grace time.Duration
}

// Defaults of BoxConfig.
const (
	DefaultMemory      = 1 << 30
	DefaultBufferPool  = 128 << 20
	DefaultMaxBytes    = 16 << 20
	defaultLoadTimeout = 5 * time.Minute
	// grace is how long past its timeout a query may take to come back
	// before the child is killed.
	grace = 5 * time.Second
)

func (c BoxConfig) withDefaults() BoxConfig {
	if c.Memory <= 0 {
		c.Memory = DefaultMemory
	}
	if c.BufferPool == 0 {
		c.BufferPool = DefaultBufferPool
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.CPUPerSecond <= 0 {
		c.CPUPerSecond = 2
	}
	if c.LoadTimeout <= 0 {
		c.LoadTimeout = defaultLoadTimeout
	}
	if c.grace <= 0 {
		c.grace = grace
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// Box is the embedded engine in a box: a child process that loads a
// snapshot into a database file in a scratch folder of its own, opens it
// read-only and answers queries, with an empty environment (no secrets to
// read), no core dumps, and limits on its memory, each query's CPU time
// and each result's size. A query past a limit ends with an error saying
// which; if it ended the child, the next query starts a new one. The
// child stays up between queries, so a query costs a round trip, not a load.
//
// A Box runs one query at a time. It is an ask.EngineCloser.
type Box struct {
	cfg  BoxConfig
	snap *ask.Snapshot

	turn chan struct{} // held by the running query
	// child is the running child, nil until the first query or after one
	// ended it. Only the holder of turn uses it.
	child  *child
	closed bool
	// sharedNet is set once starting a child in its own network
	// namespace failed; later children do not try again.
	sharedNet bool
}

var _ ask.EngineCloser = (*Box)(nil)

// NewBox starts a child process and loads snap into it.
func NewBox(ctx context.Context, snap *ask.Snapshot, cfg BoxConfig) (*Box, error) {
	if !Available {
		return nil, ErrNoCgo
	}
	b := &Box{cfg: cfg.withDefaults(), snap: snap, turn: make(chan struct{}, 1)}
	if len(b.cfg.Command) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("query engine: finding this program: %w", err)
		}
		b.cfg.Command = []string{exe, ChildArg}
	}
	c, err := b.start(ctx)
	if err != nil {
		return nil, err
	}
	b.child = c
	return b, nil
}

// child is one child process.
type child struct {
	cmd   *exec.Cmd
	dir   string
	stdin *os.File
	// stdout is read by dec; it is ours, not exec's, so that the child's
	// last message (a failed load's error) is read before it is closed.
	stdout *os.File
	// cancel carries the number of the message whose work the child is
	// to give up (see cancelPipe).
	cancel *os.File
	sent   uint64 // messages sent: hello is 1, each request one more
	grace  time.Duration
	enc    *gob.Encoder
	dec    *gob.Decoder
	stderr *tail
	// isolated says the child has a network namespace of its own.
	isolated bool

	exited  chan struct{} // closed once the process has ended
	waitErr error
}

func (b *Box) start(ctx context.Context) (*child, error) {
	dir, err := os.MkdirTemp("", "helpgraph-query-")
	if err != nil {
		return nil, fmt.Errorf("query engine: %w", err)
	}
	c, err := b.spawn(dir, !b.sharedNet)
	if err != nil && !b.sharedNet {
		// No user namespaces here (a container or kernel setting): the
		// child runs with the host's network, behind the guard still.
		b.sharedNet = true
		b.cfg.Logger.Warn("ask: the query engine runs without its own network namespace", "err", err)
		c, err = b.spawn(dir, false)
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("query engine: starting %s: %w", b.cfg.Command[0], err)
	}
	c.enc, c.dec = gob.NewEncoder(c.stdin), gob.NewDecoder(c.stdout)
	h := hello{Snapshot: b.snap, Memory: b.cfg.Memory, BufferPool: b.cfg.BufferPool, MaxBytes: b.cfg.MaxBytes, LoadTimeout: b.cfg.LoadTimeout}
	var r ready
	err = c.exchange(ctx, h, &r, b.cfg.LoadTimeout+b.cfg.grace)
	if err == nil && r.Err != "" {
		err = errors.New(r.Err)
	}
	if err != nil {
		c.stop()
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("query engine: loading the graph: %w", err)
	}
	b.cfg.Logger.Debug("ask: query engine started", "pid", c.cmd.Process.Pid, "own network", c.isolated)
	return c, nil
}

// spawn starts the child process in dir, in a network namespace of its
// own (no interface but a loopback that is down) when isolated.
//
// The pipes are made here rather than by exec.Cmd.StdoutPipe: Wait closes
// those as soon as the process ends, while a message it wrote before may
// still be unread.
func (b *Box) spawn(dir string, isolated bool) (c *child, err error) {
	cmd := exec.Command(b.cfg.Command[0], b.cfg.Command[1:]...)
	cmd.Env = []string{} // nothing inherited: no tokens, keys or passwords
	cmd.Dir = dir
	cmd.SysProcAttr = childProcAttr(isolated)
	c = &child{cmd: cmd, dir: dir, stderr: &tail{max: 4 << 10}, isolated: isolated, grace: b.cfg.grace}
	cmd.Stderr = c.stderr
	var ends [3][2]*os.File // stdin, stdout, cancel: the child's end, ours
	defer func() {
		for _, e := range ends {
			if e[0] != nil {
				e[0].Close() // the child has its own copy
			}
			if err != nil && e[1] != nil {
				e[1].Close()
			}
		}
	}()
	for i := range ends {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		if i == 1 {
			r, w = w, r // the child writes its stdout
		}
		ends[i] = [2]*os.File{r, w}
	}
	cmd.Stdin, cmd.Stdout, cmd.ExtraFiles = ends[0][0], ends[1][0], []*os.File{ends[2][0]}
	c.stdin, c.stdout, c.cancel = ends[0][1], ends[1][1], ends[2][1]
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c.exited = make(chan struct{})
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

// errTimedOut is an exchange past its deadline.
var errTimedOut = errors.New("no answer in time")

// exchange sends msg and reads the answer into into, giving up (and
// killing the child) when ctx ends or after timeout.
func (c *child) exchange(ctx context.Context, msg, into any, timeout time.Duration) error {
	c.sent++
	n := c.sent
	done := make(chan error, 1)
	go func() {
		if err := c.enc.Encode(msg); err != nil {
			done <- err
			return
		}
		done <- c.dec.Decode(into)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		// Ask the child to give up this message's work, even if it has
		// not read the message yet (its answer keeps it in step); kill it
		// if it does not.
		_ = binary.Write(c.cancel, binary.BigEndian, n)
		select {
		case err := <-done:
			return err
		case <-time.After(c.grace):
			c.stop()
			<-done
			return ctx.Err()
		}
	case <-timer.C:
		c.stop()
		<-done
		return errTimedOut
	}
}

// stop ends the child and removes its folder.
func (c *child) stop() {
	c.stdin.Close()
	c.cancel.Close()
	_ = c.cmd.Process.Kill()
	c.wait()
	c.stdout.Close() // after Wait: the decoder reads what the child wrote, then EOF
	os.RemoveAll(c.dir)
}

func (c *child) wait() error {
	<-c.exited
	return c.waitErr
}

// running reports whether the process has not ended.
func (c *child) running() bool {
	select {
	case <-c.exited:
		return false
	default:
		return true
	}
}

// Query runs cypher in the child, starting one if none runs.
func (b *Box) Query(ctx context.Context, cypher string, limits ask.Limits) (ask.Result, error) {
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return ask.Result{}, ctx.Err()
	}
	defer func() { <-b.turn }()
	if b.closed {
		return ask.Result{}, errors.New("query engine closed")
	}
	if b.child != nil && !b.child.running() {
		// It ended between queries (killed from outside): start another.
		b.cfg.Logger.Warn("ask: query engine ended between queries", "exit", b.child.cmd.ProcessState, "stderr", lastLine(b.child.stderr.String()))
		b.child.stop()
		b.child = nil
	}
	if b.child == nil {
		c, err := b.start(ctx)
		if err != nil {
			return ask.Result{}, err
		}
		b.child = c
	}
	if limits.Timeout <= 0 {
		limits.Timeout = ask.DefaultLimits.Timeout
	}
	req := request{Cypher: cypher, MaxRows: limits.MaxRows, Timeout: limits.Timeout,
		CPU: time.Duration(float64(limits.Timeout) * b.cfg.CPUPerSecond)}
	var resp response
	err := b.child.exchange(ctx, req, &resp, limits.Timeout+b.cfg.grace)
	if err == nil && ctx.Err() != nil {
		return ask.Result{}, ctx.Err()
	}
	if err != nil {
		// The child is gone or no longer in step: the next query starts another.
		c := b.child
		b.child = nil
		c.stop()
		if ctx.Err() != nil {
			return ask.Result{}, ctx.Err()
		}
		return ask.Result{}, b.ended(c, req, err)
	}
	switch resp.ErrKind {
	case 0:
		return resp.Result, nil
	case errTooLarge:
		return ask.Result{}, fmt.Errorf("the result is larger than %s: return fewer rows or columns", mb(b.cfg.MaxBytes))
	case errMemory:
		return ask.Result{}, fmt.Errorf("the query used more than %s of memory and was stopped (%s)", mb(b.cfg.Memory), resp.Err)
	case errTimeout:
		return ask.Result{}, fmt.Errorf("the query ran longer than %s and was stopped", limits.Timeout)
	default:
		return ask.Result{}, errors.New(resp.Err)
	}
}

// UpdateHandoffs adds new handoffs and updates changed ones in the running
// child, without loading the graph again; a child started later loads
// them with the rest. If the child cannot take them, it is ended and the
// next query starts one that loads everything.
func (b *Box) UpdateHandoffs(ctx context.Context, hs []ask.Handoff) error {
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-b.turn }()
	if b.closed {
		return errors.New("query engine closed")
	}
	b.snap = withHandoffs(b.snap, hs)
	if b.child == nil || !b.child.running() {
		return nil
	}
	var resp response
	err := b.child.exchange(ctx, request{Update: true, Handoffs: hs}, &resp, b.cfg.LoadTimeout+b.cfg.grace)
	if err == nil && resp.Err != "" {
		err = errors.New(resp.Err)
	}
	if err != nil {
		b.cfg.Logger.Warn("ask: query engine could not take new handoffs; the next query loads everything", "err", err)
		b.child.stop()
		b.child = nil
	}
	return nil
}

// withHandoffs returns a copy of snap with hs added or replacing the
// handoffs of the same id.
func withHandoffs(snap *ask.Snapshot, hs []ask.Handoff) *ask.Snapshot {
	s := *snap
	at := make(map[int64]int, len(s.Handoffs))
	s.Handoffs = append([]ask.Handoff(nil), snap.Handoffs...)
	for i, h := range s.Handoffs {
		at[h.ID] = i
	}
	for _, h := range hs {
		if i, ok := at[h.ID]; ok {
			s.Handoffs[i] = h
		} else {
			at[h.ID] = len(s.Handoffs)
			s.Handoffs = append(s.Handoffs, h)
		}
	}
	return &s
}

// ended says why the child ended during req.
func (b *Box) ended(c *child, req request, err error) error {
	state := c.cmd.ProcessState
	stderr := c.stderr.String()
	b.cfg.Logger.Warn("ask: query engine ended during a query", "err", err, "exit", state, "stderr", stderr)
	switch {
	case errors.Is(err, errTimedOut):
		return fmt.Errorf("the query ran longer than %s and was stopped", req.Timeout)
	case state != nil && state.ExitCode() == exitCPU:
		return fmt.Errorf("the query used more than %s of CPU time and was stopped", req.CPU)
	case strings.Contains(stderr, "out of memory"), strings.Contains(stderr, "bad_alloc"), strings.Contains(stderr, "cannot allocate memory"),
		// The Go runtime could not map a new thread's stack under the
		// address-space limit.
		strings.Contains(stderr, "pthread_create failed"):
		return fmt.Errorf("the query used more than %s of memory and was stopped", mb(b.cfg.Memory))
	}
	return fmt.Errorf("the query engine stopped during the query (%v): %s", state, lastLine(stderr))
}

// Close ends the child after the running query.
func (b *Box) Close() error {
	b.turn <- struct{}{}
	defer func() { <-b.turn }()
	b.closed = true
	if b.child != nil {
		c := b.child
		b.child = nil
		c.stdin.Close() // the child returns on EOF
		select {
		case <-c.exited:
		case <-time.After(b.cfg.grace):
		}
		c.stop()
	}
	return nil
}

func mb(n int64) string { return fmt.Sprintf("%d MB", n>>20) }

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// tail keeps the first and the last max bytes written to it: a runtime's
// "fatal error" line comes first, a stack trace after it.
type tail struct {
	mu   sync.Mutex
	max  int
	head []byte
	buf  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	written := len(p)
	if n := min(t.max-len(t.head), len(p)); n > 0 {
		t.head = append(t.head, p[:n]...)
		p = p[n:]
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = bytes.Clone(t.buf[len(t.buf)-t.max:])
	}
	return written, nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + string(t.buf)
}
