package page

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bytesparadise/libasciidoc"

	"github.com/helpgraph/helpgraph/internal/proclimit"
)

// AsciiDocChildArg, as the first argument of the helpgraph binary (or of
// a test binary whose TestMain checks for it), runs AsciiDocChildMain:
// the converter's side of an AsciiDocBox. It is not a command people use.
const AsciiDocChildArg = "__helpgraph-asciidoc"

// AsciiDocChildMain converts the pages an AsciiDocBox sends on stdin,
// answering on stdout, until stdin closes; it returns the process's
// exit code.
func AsciiDocChildMain() int { return adocChildMain(libasciidoc.Convert) }

// Defaults of AsciiDocBoxConfig.
const (
	// DefaultAsciiDocTimeout bounds one page's conversion: libasciidoc
	// reads about 100 KB a second, a page is at most maxAdocBytes.
	DefaultAsciiDocTimeout = 30 * time.Second
	// maxAdocRequest bounds what a page sends to the child: the page
	// with its includes (maxAdocBytes, and the lines that close the
	// blocks a cut leaves open) and its site's attributes.
	maxAdocRequest = maxAdocBytes + 64<<10
	// maxAdocHTML bounds the HTML the child sends back.
	maxAdocHTML = 64 << 20
)

// AsciiDocBoxConfig says how an AsciiDocBox runs its children. Zero
// fields take the defaults.
type AsciiDocBoxConfig struct {
	// Command starts a child: a program and arguments that end in
	// AsciiDocChildMain. Default: this executable with AsciiDocChildArg.
	Command []string
	// Timeout bounds one page's conversion (default
	// DefaultAsciiDocTimeout); past it the child is killed.
	Timeout time.Duration
	// Children is how many pages convert at once, one child each
	// (default GOMAXPROCS, as many as Dir.Each reads at once).
	Children int
	Logger   *slog.Logger
}

// AsciiDocBox converts AsciiDoc in child processes, so that a panic in
// one of libasciidoc's own goroutines, a crash or a conversion that does
// not end fails that page, never the caller. A child serves page after
// page over its stdin and stdout (gob), started on the first page that
// needs it; one that crashed or was stopped is replaced on the next.
// Children have an empty environment and are killed when the parent dies.
// Safe for concurrent use; Close ends the children.
type AsciiDocBox struct {
	cfg AsciiDocBoxConfig
	// slots holds one entry per child that may run: a running child
	// waiting for a page, or nil where none runs. A conversion takes one
	// and gives it back.
	slots  chan *adocChild
	closed atomic.Bool
}

var _ AsciiDocConverter = (*AsciiDocBox)(nil)

// NewAsciiDocBox returns a box that starts its children when pages need
// them. The error is for an executable that cannot be found.
func NewAsciiDocBox(cfg AsciiDocBoxConfig) (*AsciiDocBox, error) {
	if len(cfg.Command) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("AsciiDoc converter: finding this program: %w", err)
		}
		cfg.Command = []string{exe, AsciiDocChildArg}
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultAsciiDocTimeout
	}
	if cfg.Children <= 0 {
		cfg.Children = runtime.GOMAXPROCS(0)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	b := &AsciiDocBox{cfg: cfg, slots: make(chan *adocChild, cfg.Children)}
	for range cfg.Children {
		b.slots <- nil
	}
	return b, nil
}

// errBoxClosed is a conversion asked of a closed box.
var errBoxClosed = errors.New("AsciiDoc converter closed")

// ConvertAsciiDoc converts src in a child, starting one if none waits.
func (b *AsciiDocBox) ConvertAsciiDoc(ctx context.Context, src string, attrs map[string]string) ([]byte, string, error) {
	size := len(src)
	for k, v := range attrs {
		size += len(k) + len(v)
	}
	if size > maxAdocRequest {
		return nil, "", fmt.Errorf("converting AsciiDoc: %d bytes with the attributes, limit %d", size, maxAdocRequest)
	}
	var c *adocChild
	select {
	case c = <-b.slots:
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	if b.closed.Load() {
		b.slots <- c
		return nil, "", errBoxClosed
	}
	c, resp, err := b.convert(ctx, c, adocRequest{Src: src, Attrs: attrs})
	b.slots <- c
	if err != nil {
		return nil, "", err
	}
	if resp.Err != "" {
		return nil, "", errors.New(resp.Err)
	}
	return resp.HTML, resp.Title, nil
}

// convert sends req to child (a new one when nil or ended) and reads the
// answer. It returns the child to keep: nil when it failed, and was
// stopped.
func (b *AsciiDocBox) convert(ctx context.Context, child *adocChild, req adocRequest) (*adocChild, adocResponse, error) {
	if child != nil && !child.running() {
		// It ended between pages (killed from outside): start another.
		b.cfg.Logger.Warn("page: AsciiDoc converter ended between pages", "exit", child.cmd.ProcessState, "stderr", child.stderr.String())
		child.stop()
		child = nil
	}
	if child == nil {
		var err error
		if child, err = b.start(); err != nil {
			return nil, adocResponse{}, err
		}
	}
	var resp adocResponse
	done := make(chan error, 1)
	go func() {
		if err := child.enc.Encode(req); err != nil {
			done <- err
			return
		}
		done <- child.dec.Decode(&resp)
	}()
	timer := time.NewTimer(b.cfg.Timeout)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
		if err == nil {
			return child, resp, nil
		}
		// The child ended during the page, or is out of step.
		child.stop()
		err = fmt.Errorf("converting AsciiDoc: the converter crashed (%s)", child.why())
	case <-ctx.Done():
		child.stop()
		<-done
		err = ctx.Err()
	case <-timer.C:
		child.stop()
		<-done
		err = fmt.Errorf("converting AsciiDoc: no result in %s, the converter was stopped", b.cfg.Timeout)
	}
	b.cfg.Logger.Warn("page: AsciiDoc converter stopped", "pid", child.cmd.Process.Pid, "err", err, "stderr", child.stderr.String())
	return nil, adocResponse{}, err
}

// Close ends the children once their pages are converted; later
// conversions fail.
func (b *AsciiDocBox) Close() error {
	if b.closed.Swap(true) {
		return nil
	}
	for range b.cfg.Children {
		if c := <-b.slots; c != nil {
			c.close()
		}
	}
	for range b.cfg.Children {
		b.slots <- nil
	}
	return nil
}

// adocChild is one child process.
type adocChild struct {
	cmd *exec.Cmd
	// stdin and stdout are our ends of the child's; stdout is ours, not
	// exec's (StdoutPipe), so that the process may be waited for while a
	// page's answer is read.
	stdin, stdout *os.File
	enc           *gob.Encoder
	dec           *gob.Decoder
	stderr        *headWriter
	exited        chan struct{} // closed once the process has ended
}

func (b *AsciiDocBox) start() (*adocChild, error) {
	cmd := exec.Command(b.cfg.Command[0], b.cfg.Command[1:]...)
	cmd.Env = []string{} // nothing inherited: the converter needs no tokens or keys
	cmd.SysProcAttr = adocProcAttr()
	c := &adocChild{cmd: cmd, stderr: &headWriter{max: 4 << 10}, exited: make(chan struct{})}
	cmd.Stderr = c.stderr
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("AsciiDoc converter: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("AsciiDoc converter: %w", err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close() // the child has its own copies
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("AsciiDoc converter: starting %s: %w", b.cfg.Command[0], err)
	}
	go func() {
		_ = cmd.Wait()
		close(c.exited)
	}()
	c.stdin, c.stdout = inW, outR
	c.enc, c.dec = gob.NewEncoder(inW), gob.NewDecoder(bufio.NewReader(outR))
	return c, nil
}

// running reports whether the process has not ended.
func (c *adocChild) running() bool {
	select {
	case <-c.exited:
		return false
	default:
		return true
	}
}

// stop kills the child and waits for it to end.
func (c *adocChild) stop() {
	_ = c.cmd.Process.Kill()
	<-c.exited
	c.stdin.Close()
	c.stdout.Close() // after it ended: a read of its answer returns, with EOF
}

// close ends a waiting child: it returns when its stdin closes, else it
// is killed.
func (c *adocChild) close() {
	c.stdin.Close()
	select {
	case <-c.exited:
	case <-time.After(5 * time.Second):
	}
	c.stop()
}

// why says why the child, stopped, ended: the runtime's first line (a
// panic's message), else how it exited and the last line it wrote.
func (c *adocChild) why() string {
	stderr := strings.TrimSpace(c.stderr.String())
	last := ""
	for line := range strings.SplitSeq(stderr, "\n") {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			return line
		}
		last = line
	}
	if last == "" {
		return c.cmd.ProcessState.String()
	}
	return c.cmd.ProcessState.String() + ": " + last
}

// adocRequest is a page to convert; adocResponse its HTML and title, or
// the converter's error.
type adocRequest struct {
	Src   string
	Attrs map[string]string
}

type adocResponse struct {
	HTML  []byte
	Title string
	Err   string
}

// adocChildMemory is how much a converter child's address space may grow
// after it starts: libasciidoc takes some tens of megabytes for the
// largest page a child is sent (maxAdocRequest), so a page that makes it
// allocate without bound ends that child, and fails that page, long
// before the machine runs short.
const adocChildMemory = 1 << 30

// adocChildMain serves conversions with convert on stdin and stdout, its
// address space capped (adocChildMemory, Linux only).
func adocChildMain(convert adocConvertFunc) int {
	proclimit.NoCoreDumps()
	if err := proclimit.Memory(adocChildMemory); err != nil {
		fmt.Fprintln(os.Stderr, "helpgraph AsciiDoc converter:", err)
		return 1
	}
	if err := serveAdoc(os.Stdin, os.Stdout, convert); err != nil {
		fmt.Fprintln(os.Stderr, "helpgraph AsciiDoc converter:", err)
		return 1
	}
	return 0
}

func serveAdoc(in io.Reader, out io.Writer, convert adocConvertFunc) error {
	dec := gob.NewDecoder(bufio.NewReader(in))
	w := bufio.NewWriter(out)
	enc := gob.NewEncoder(w)
	for {
		var req adocRequest
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading a page: %w", err)
		}
		var resp adocResponse
		html, title, err := convertAsciiDoc(req.Src, req.Attrs, convert)
		switch {
		case err != nil:
			resp.Err = err.Error()
		case len(html) > maxAdocHTML:
			resp.Err = fmt.Sprintf("converting AsciiDoc: %d bytes of HTML, limit %d", len(html), maxAdocHTML)
		default:
			resp.HTML, resp.Title = html, title
		}
		if err := enc.Encode(resp); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// headWriter keeps the first max bytes written to it: a runtime's panic
// or fatal error line comes before its stack trace.
type headWriter struct {
	mu   sync.Mutex
	max  int
	head []byte
}

func (h *headWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := min(h.max-len(h.head), len(p)); n > 0 {
		h.head = append(h.head, p[:n]...)
	}
	return len(p), nil
}

func (h *headWriter) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(h.head)
}
