package doc2dial

import (
	"fmt"
	"testing"
)

func TestHalfOf(t *testing.T) {
	// Pinned: a change of rule would move dialogues between the halves
	// and silently mix tuning into evaluation.
	tests := []struct {
		id   string
		want Half
	}{
		{"078d508e4ca21a8c9a4aed7e31b176d3", Tuning},
		{"0c0dd5a4a1dfb23135eec6b77bca2fd5", Tuning},
		{"3a5295f45f39e6d1ee2a64b93be18fb9", Evaluation},
		{"6a15eda0180de1f506d7dff29e312e07", Evaluation},
	}
	for _, tt := range tests {
		if got := HalfOf(tt.id); got != tt.want {
			t.Errorf("HalfOf(%q) = %s, want %s", tt.id, got, tt.want)
		}
	}
	n := map[Half]int{}
	for i := range 1000 {
		n[HalfOf(fmt.Sprintf("dialogue-%d", i))]++
	}
	if n[Tuning] < 400 || n[Evaluation] < 400 {
		t.Errorf("1000 ids split %v, want about half each", n)
	}
}

func TestParseHalf(t *testing.T) {
	tests := []struct {
		in   string
		want Half
		err  bool
	}{
		{"", All, false},
		{"all", All, false},
		{"tuning", Tuning, false},
		{"evaluation", Evaluation, false},
		{"eval", All, true},
	}
	for _, tt := range tests {
		h, err := ParseHalf(tt.in)
		if h != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseHalf(%q) = %q, %v; want %q, error %v", tt.in, h, err, tt.want, tt.err)
		}
	}
}

func TestInHalf(t *testing.T) {
	ds := []Dialogue{{DialID: "078d508e4ca21a8c9a4aed7e31b176d3"}, {DialID: "3a5295f45f39e6d1ee2a64b93be18fb9"}, {DialID: "0c0dd5a4a1dfb23135eec6b77bca2fd5"}}
	ids := func(ds []Dialogue) (out []string) {
		for _, d := range ds {
			out = append(out, d.DialID[:4])
		}
		return out
	}
	for h, want := range map[Half]string{Tuning: "078d 0c0d", Evaluation: "3a52", All: "078d 3a52 0c0d"} {
		if got := fmt.Sprint(ids(InHalf(ds, h))); got != "["+want+"]" {
			t.Errorf("InHalf(%q) = %s, want [%s]", h, got, want)
		}
	}
}
