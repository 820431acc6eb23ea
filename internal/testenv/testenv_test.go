package testenv

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test ended instead of
// ending the real one.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
}
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

func TestMissing(t *testing.T) {
	const need Need = "TESTENV_SELFTEST"
	for _, tc := range []struct {
		value      string
		wantFailed bool
	}{
		{"", false},
		{"0", false},
		{"1", true},
		{"yes", true},
	} {
		t.Setenv(need.Env(), tc.value)
		r := &recorder{TB: t}
		Missing(r, need, "the widget is not installed")
		got := r.skipped
		if tc.wantFailed {
			got = r.failed
		}
		if (r.failed != "") != tc.wantFailed || (r.skipped != "") == tc.wantFailed {
			t.Errorf("%s=%q: skipped %q, failed %q; want failed %v", need.Env(), tc.value, r.skipped, r.failed, tc.wantFailed)
		}
		if !strings.Contains(got, "the widget is not installed") || !strings.Contains(got, "HELPGRAPH_REQUIRE_TESTENV_SELFTEST") {
			t.Errorf("%s=%q: message %q does not say why and which variable", need.Env(), tc.value, got)
		}
	}
}
