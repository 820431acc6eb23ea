package postgres_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/conversation/postgres"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/pgtest"
)

// cable is a TCP proxy to the database that can be unplugged: every
// connection through it is cut, and new ones are refused, until it is
// plugged in again.
type cable struct {
	t      *testing.T
	addr   string // where it listens
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newCable(t *testing.T, target string) *cable {
	c := &cable{t: t, target: target}
	c.plug("127.0.0.1:0")
	t.Cleanup(c.unplug)
	return c
}

func (c *cable) plug(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	c.ln, c.addr = ln, ln.Addr().String()
	c.mu.Unlock()
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", c.target)
			if err != nil {
				in.Close()
				continue
			}
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
}

func (c *cable) unplug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ln.Close()
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

// While the database is out of reach every call fails with ErrUnavailable
// (not a generic error), a refusal of the database's own is not marked so,
// and once it is back the same store works again.
func TestOutageIsUnavailable(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	c := newCable(t, u.Host)
	u.Host = c.addr
	db, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Create(ctx, "browser")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Get(ctx, "nope"); !errors.Is(err, conversation.ErrNotFound) || errors.Is(err, conversation.ErrUnavailable) {
		t.Errorf("an unknown conversation: %v, want ErrNotFound alone", err)
	}

	c.unplug()
	s.History = []dialogue.Turn{{Role: "user", Text: "hello"}}
	for name, call := range map[string]func() error{
		"Ping":     func() error { return db.Ping(ctx) },
		"Get":      func() error { _, err := db.Get(ctx, s.ID); return err },
		"Create":   func() error { _, err := db.Create(ctx, "x"); return err },
		"Save":     func() error { return db.Save(ctx, &s, 0, &conversation.Handoff{}) },
		"Handoffs": func() error { _, err := db.Handoffs(ctx, true); return err },
		"Reply":    func() error { _, err := db.Reply(ctx, 1, "hi"); return err },
		"FollowUp": func() error { return db.SaveFollowUp(ctx, &s, 0, conversation.FollowUp{HandoffID: 1}) },
		"Daily":    func() error { _, err := db.Daily(ctx, 7); return err },
	} {
		if err := call(); !errors.Is(err, conversation.ErrUnavailable) {
			t.Errorf("%s while the database is out of reach: %v, want ErrUnavailable", name, err)
		}
	}

	c.plug(c.addr)
	if _, err := db.Get(ctx, s.ID); err != nil {
		t.Errorf("Get once the database is back: %v", err)
	}
}
