package page

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bytesparadise/libasciidoc"
	"github.com/bytesparadise/libasciidoc/pkg/configuration"
	"github.com/bytesparadise/libasciidoc/pkg/types"
)

// TestMain runs the test binary as an AsciiDocBox's child when a box
// starts it so (the helpgraph binary does the same in main), with the
// converter named after AsciiDocChildArg: libasciidoc's, or one of
// fakeConverters, which fail as libasciidoc might.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == AsciiDocChildArg {
		var convert adocConvertFunc = libasciidoc.Convert
		if len(os.Args) > 2 {
			convert = fakeConverters[os.Args[2]]
		}
		os.Exit(adocChildMain(convert))
	}
	os.Exit(m.Run())
}

// fakeConverters are libasciidoc's converter, except on a page that holds
// the word their name says.
var fakeConverters = map[string]adocConvertFunc{
	// A panic in a goroutine the converter starts, as libasciidoc's
	// parser runs in several: no recover can take it.
	"panics": fakeOn("PANIC", func() {
		go panic("boom in the converter's goroutine")
		time.Sleep(time.Minute)
	}),
	// A conversion that does not end.
	"hangs": fakeOn("HANG", func() { time.Sleep(time.Hour) }),
	// A conversion that allocates without bound.
	"grows": fakeOn("GROW", func() {
		for range 64 {
			grown = append(grown, make([]byte, 256<<20))
		}
	}),
}

// grown keeps what the "grows" converter allocates.
var grown [][]byte

func fakeOn(word string, act func()) adocConvertFunc {
	return func(r io.Reader, w io.Writer, c *configuration.Configuration) (types.Metadata, error) {
		src, err := io.ReadAll(r)
		if err != nil {
			return types.Metadata{}, err
		}
		if strings.Contains(string(src), word) {
			act()
		}
		return libasciidoc.Convert(strings.NewReader(string(src)), w, c)
	}
}

// testBox is a box whose child runs the fake converter named fake ("":
// libasciidoc's), one page at a time, so that the pages after a failed
// one run in the child that replaced it.
func testBox(t *testing.T, fake string, timeout time.Duration) *AsciiDocBox {
	t.Helper()
	cmd := []string{os.Args[0], AsciiDocChildArg}
	if fake != "" {
		cmd = append(cmd, fake)
	}
	b, err := NewAsciiDocBox(AsciiDocBoxConfig{Command: cmd, Timeout: timeout, Children: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// TestAsciiDocBoxFailsOnePage: a converter that panics in a goroutine of
// its own, or that does not end, fails that page with an error saying
// so; the caller goes on, and the next page converts in a new child.
func TestAsciiDocBoxFailsOnePage(t *testing.T) {
	tests := []struct {
		fake, page string
		timeout    time.Duration
		want       string
	}{
		{"panics", "= Odd\n\nPANIC here.\n", time.Minute, "crashed (panic: boom in the converter's goroutine)"},
		{"hangs", "= Odd\n\nHANG here.\n", time.Second, "no result in 1s, the converter was stopped"},
		{"grows", "= Odd\n\nGROW here.\n", time.Minute, "crashed (fatal error: out of memory)"},
	}
	for _, tt := range tests {
		t.Run(tt.fake, func(t *testing.T) {
			if tt.fake == "grows" && runtime.GOOS != "linux" {
				t.Skip("the child's memory is capped on Linux only")
			}
			b := testBox(t, tt.fake, tt.timeout)
			ctx := t.Context()
			for i, src := range []string{"= One\n\nFirst page.\n", tt.page, "= Two\n\nSecond page.\n"} {
				html, title, err := b.ConvertAsciiDoc(ctx, src, nil)
				if i == 1 {
					if err == nil || !strings.Contains(err.Error(), tt.want) {
						t.Errorf("odd page: err = %v, want one saying %q", err, tt.want)
					}
					continue
				}
				if err != nil || title == "" || !strings.Contains(string(html), "page.") {
					t.Errorf("page %d: %q, %q, %v; want it converted", i, title, html, err)
				}
			}
		})
	}
}

// TestAsciiDocBoxReadDir: a folder with a page the converter panics on is
// read, that page reported as failed with the panic, the others read.
func TestAsciiDocBoxReadDir(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.adoc": "= Alpha\n\nThe first page.\n",
		"b.adoc": "= Beta\n\nPANIC on this page.\n",
		"c.adoc": "= Gamma\n\nThe third page.\n",
		"d.md":   "# Delta\n\nThe fourth page.\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, errs, err := ReadDir(t.Context(), dir, ReadOptions{AsciiDoc: testBox(t, "panics", time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, d := range docs {
		titles = append(titles, d.Title)
	}
	if want := []string{"Alpha", "Gamma", "Delta"}; !reflect.DeepEqual(titles, want) {
		t.Errorf("pages read %q, want %q", titles, want)
	}
	if len(errs) != 1 || errs[0].URL != "b.adoc" || !strings.Contains(errs[0].Error(), "panic: boom") {
		t.Errorf("page errors %v, want b.adoc's panic", errs)
	}
}

// TestAsciiDocBoxSameAsInProcess: the test folders' AsciiDoc pages read
// through a box (this binary as the child, as the helpgraph binary is
// its own) are the pages read in this process, to the byte.
func TestAsciiDocBoxSameAsInProcess(t *testing.T) {
	box, err := NewAsciiDocBox(AsciiDocBoxConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer box.Close()
	for _, dir := range []string{"antora", "plain"} {
		dir = filepath.Join("testdata", "adoc", dir)
		want, wantErrs, err := ReadDir(t.Context(), dir, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got, gotErrs, err := ReadDir(t.Context(), dir, ReadOptions{AsciiDoc: box})
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: pages through the box differ from in-process ones", dir)
		}
		if len(gotErrs) != len(wantErrs) {
			t.Errorf("%s: page errors %v, want %v", dir, gotErrs, wantErrs)
		}
	}
}

// TestAsciiDocBoxLimits: a page over the input bound fails before it
// reaches a child; a closed box converts nothing.
func TestAsciiDocBoxLimits(t *testing.T) {
	b := testBox(t, "", time.Minute)
	big := strings.Repeat("A line of a very long page.\n", maxAdocRequest/20)
	if _, _, err := b.ConvertAsciiDoc(t.Context(), big, nil); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("page of %d bytes: err = %v, want the limit", len(big), err)
	}
	b.Close()
	if _, _, err := b.ConvertAsciiDoc(context.Background(), "= T\n", nil); !errors.Is(err, errBoxClosed) {
		t.Errorf("closed box: err = %v, want %v", err, errBoxClosed)
	}
}
