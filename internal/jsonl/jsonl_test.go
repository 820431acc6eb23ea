package jsonl

import (
	"errors"
	"strings"
	"testing"
)

type item struct {
	ID string `json:"id"`
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		opts     Options
		want     int
		err      string
	}{
		{"blank lines skipped", "{\"id\":\"a\"}\n\n  \n{\"id\":\"b\"}\n", Options{}, 2, ""},
		{"comments skipped when asked", "// note\n{\"id\":\"a\"}\n", Options{Comment: "//"}, 1, ""},
		{"bad JSON names its line", "{\"id\":\"a\"}\n{oops\n", Options{}, 0, "line 2: "},
		{"unknown field, strict", "{\"id\":\"a\",\"x\":1}\n", Options{Strict: true}, 0, "line 1: "},
		{"unknown field, lenient", "{\"id\":\"a\",\"x\":1}\n", Options{}, 1, ""},
		{"check fails on its line", "{\"id\":\"a\"}\n{\"id\":\"\"}\n", Options{}, 0, "line 2: empty id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tc.in), tc.opts, func(_ int, v *item) error {
				if v.ID == "" {
					return errors.New("empty id")
				}
				return nil
			})
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one starting %q", err, tc.err)
				}
				return
			}
			if err != nil || len(got) != tc.want {
				t.Fatalf("got %d items, %v; want %d", len(got), err, tc.want)
			}
		})
	}
}
