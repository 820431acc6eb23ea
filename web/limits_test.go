package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// listen serves env on a loopback port and returns its address.
func listen(t *testing.T, env *testEnv) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go env.srv.App().Listener(ln)
	t.Cleanup(func() { env.srv.App().Shutdown() })
	return ln.Addr().String()
}

// sendHead opens a connection and sends a request's head (and body, which
// may be shorter than announced), returning the connection to read from.
func sendHead(t *testing.T, addr, method, path, contentType string, length int, body string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s",
		method, path, addr, contentType, length, body)
	return conn
}

// readResponse reads the response on conn, failing if none comes within a
// minute (a bound for a stuck server, not a measurement).
func readResponse(t *testing.T, conn net.Conn) (*http.Response, string) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// A body larger than its route allows is refused from its Content-Length
// alone, before any of it is sent: the chat API takes kilobytes, forms a
// little more.
func TestBodyLimitsPerRoute(t *testing.T) {
	env := newTestEnv(t, Config{})
	addr := listen(t, env)
	for _, tc := range []struct {
		path, contentType string
		length, status    int
	}{
		{"/api/chat", "application/json", DefaultAPIBodyLimit + 1, 413},
		{"/api/chat/stream", "application/json", 1 << 20, 413},
		{"/api/feedback", "application/json", 1 << 20, 413},
		{"/", "application/x-www-form-urlencoded", DefaultFormBodyLimit + 1, 413},
		{"/admin/login", "application/x-www-form-urlencoded", 1 << 20, 413},
		{"/", "multipart/form-data; boundary=x", 1 << 20, 413},
	} {
		conn := sendHead(t, addr, "POST", tc.path, tc.contentType, tc.length, "{")
		resp, body := readResponse(t, conn)
		if resp.StatusCode != tc.status {
			t.Errorf("POST %s announcing %d bytes: %d %q, want %d", tc.path, tc.length, resp.StatusCode, body, tc.status)
		}
		if strings.HasPrefix(tc.path, "/api/") && !strings.Contains(body, `"error"`) {
			t.Errorf("POST %s: %q, want a JSON error", tc.path, body)
		}
	}
	// Within the limit, the chat API answers as usual.
	msg := `{"message": "I'm getting an error when trying to change my booking"}`
	conn := sendHead(t, addr, "POST", "/api/chat", "application/json", len(msg), msg)
	if resp, body := readResponse(t, conn); resp.StatusCode != 200 {
		t.Errorf("a chat message: %d %s", resp.StatusCode, body)
	}
}

// A body that does not come within the read deadline is cut: the server
// answers 408 and closes the connection instead of waiting for it.
func TestSlowBodyIsCut(t *testing.T) {
	// Room to read the head on a loaded machine (200 ms was not); only
	// the body, which never comes, can run past it.
	env := newTestEnv(t, Config{ReadTimeout: 2 * time.Second})
	addr := listen(t, env)
	conn := sendHead(t, addr, "POST", "/api/chat", "application/json", 1000, "{")
	resp, _ := readResponse(t, conn)
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("a body that stopped after one byte: %d, want 408", resp.StatusCode)
	}
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	if n, err := conn.Read(make([]byte, 1)); err == nil {
		t.Errorf("the connection stayed open (read %d bytes)", n)
	}
}

// One address may hold MaxConnsPerIP connections; the next is refused
// with 429.
func TestMaxConnsPerIP(t *testing.T) {
	env := newTestEnv(t, Config{MaxConnsPerIP: 2})
	addr := listen(t, env)
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	// Accepted after the two above (the listen queue is first in, first
	// out), so over the cap.
	conn := sendHead(t, addr, "GET", "/healthz", "text/plain", 0, "")
	if resp, body := readResponse(t, conn); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a third connection: %d %q, want 429", resp.StatusCode, body)
	}
}

func TestMaxConnsPerIPDefaults(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want int
	}{
		{Config{}, DefaultMaxConnsPerIP},
		{Config{ProxyHeader: "X-Forwarded-For"}, 0}, // every connection is the proxy's
		{Config{ProxyHeader: "X-Forwarded-For", MaxConnsPerIP: 500}, 500},
		{Config{MaxConnsPerIP: -1}, 0},
	} {
		if got := tc.cfg.maxConnsPerIP(); got != tc.want {
			t.Errorf("%+v: %d, want %d", tc.cfg, got, tc.want)
		}
	}
}
