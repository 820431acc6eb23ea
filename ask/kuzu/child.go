//go:build cgo

package kuzu

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/internal/proclimit"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
)

// ChildMain runs the child side of the box on stdin and stdout and returns
// the process's exit code. The parent (Box) starts it with an empty
// environment in a scratch folder of its own.
func ChildMain() int {
	// Non-blocking, the cancel pipe is read by the runtime's poller, not by
	// a thread of its own (threads count against the memory limit).
	_ = syscall.SetNonblock(3, true)
	if err := serveChild(os.Stdin, os.Stdout, os.NewFile(3, "cancel")); err != nil {
		fmt.Fprintln(os.Stderr, "helpgraph query engine:", err)
		return 1
	}
	return 0
}

// canceller gives up the work of a message when the parent asks: the
// parent writes the number of the message (hello is 1, each request one
// more) to the cancel pipe, maybe before this side has read the message.
type canceller struct {
	mu        sync.Mutex
	running   uint64 // the message being worked on
	stop      context.CancelFunc
	cancelled uint64 // the last message the parent gave up on
}

// start returns the context for message n's work.
func (c *canceller) start(n uint64) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	defer c.mu.Unlock()
	c.running, c.stop = n, cancel
	if c.cancelled == n {
		cancel()
	}
	return ctx, cancel
}

// read takes message numbers from the cancel pipe until it closes.
func (c *canceller) read(r io.Reader) {
	for {
		var n uint64
		if err := binary.Read(r, binary.BigEndian, &n); err != nil {
			return
		}
		c.mu.Lock()
		c.cancelled = n
		if c.running == n && c.stop != nil {
			c.stop()
		}
		c.mu.Unlock()
	}
}

func serveChild(in io.Reader, out io.Writer, cancel io.Reader) error {
	proclimit.NoCoreDumps()
	var cc canceller
	go cc.read(cancel)
	dec := gob.NewDecoder(bufio.NewReader(in))
	w := bufio.NewWriter(out)
	enc := gob.NewEncoder(w)
	send := func(v any) error {
		if err := enc.Encode(v); err != nil {
			return err
		}
		return w.Flush()
	}
	var h hello
	if err := dec.Decode(&h); err != nil {
		return fmt.Errorf("reading the snapshot: %w", err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	lctx, stop := cc.start(1)
	ctx, cancelLoad := context.WithTimeout(lctx, h.LoadTimeout)
	db, err := openReadOnly(ctx, dir, h.Snapshot, h.BufferPool)
	cancelLoad()
	stop()
	if err != nil {
		return send(ready{Err: err.Error()})
	}
	defer db.Close()
	h.Snapshot = nil // the database has it now
	// From here on the child runs statements from outside: its address
	// space may grow by h.Memory at most.
	if err := proclimit.Memory(h.Memory); err != nil {
		return send(ready{Err: err.Error()})
	}
	// Past a query's CPU time the kernel sends SIGXCPU: the child ends,
	// and the parent says why from the exit code.
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		os.Exit(exitCPU)
	}()
	if err := send(ready{}); err != nil {
		return err
	}
	for n := uint64(2); ; n++ {
		var req request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading a request: %w", err)
		}
		qctx, qcancel := cc.start(n)
		if req.Update {
			var resp response
			err := db.UpdateHandoffs(qctx, req.Handoffs)
			qcancel()
			if err != nil {
				resp = response{ErrKind: errQuery, Err: err.Error()}
			}
			if err := send(resp); err != nil {
				return err
			}
			continue
		}
		restore := limitCPU(req.CPU)
		res, err := db.query(qctx, req.Cypher, ask.Limits{MaxRows: req.MaxRows, Timeout: req.Timeout}, h.MaxBytes)
		restore()
		qcancel()
		if err := send(responseFor(res, err)); err != nil {
			return err
		}
	}
}

func responseFor(res ask.Result, err error) response {
	switch {
	case err == nil:
		return response{Result: res}
	case errors.Is(err, errResultTooLarge):
		return response{ErrKind: errTooLarge, Err: err.Error()}
	}
	msg := err.Error()
	switch low := strings.ToLower(msg); {
	case strings.Contains(low, "buffer pool is full"), strings.Contains(low, "bad_alloc"), strings.Contains(low, "out of memory"):
		return response{ErrKind: errMemory, Err: msg}
	case strings.Contains(low, "interrupted"), errors.Is(err, context.Canceled):
		return response{ErrKind: errTimeout, Err: msg}
	}
	return response{ErrKind: errQuery, Err: msg}
}
