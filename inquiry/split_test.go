package inquiry

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestSampleSplit checks the sample inquiries' split (testdata/inquiries/
// README.md): helpcenter.jsonl is the tuning set and the evaluation set
// together, in order, and an inquiry is in the tuning set exactly when the
// number of its id is odd.
func TestSampleSplit(t *testing.T) {
	dir := filepath.Join("..", "testdata", "inquiries")
	read := func(name string) []Inquiry {
		t.Helper()
		qs, err := ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return qs
	}
	all, tune, eval := read("helpcenter.jsonl"), read("helpcenter-tune.jsonl"), read("helpcenter-eval.jsonl")
	if len(tune) == 0 || len(eval) == 0 {
		t.Fatalf("%d tuning and %d evaluation inquiries, want both sets", len(tune), len(eval))
	}
	var wantTune, wantEval []Inquiry
	for _, q := range all {
		n, err := strconv.Atoi(strings.TrimPrefix(q.ID, "hc-"))
		if err != nil {
			t.Fatalf("id %q is not hc-NNN", q.ID)
		}
		if n%2 == 1 {
			wantTune = append(wantTune, q)
		} else {
			wantEval = append(wantEval, q)
		}
	}
	if !reflect.DeepEqual(tune, wantTune) {
		t.Errorf("helpcenter-tune.jsonl is not the odd-numbered inquiries of helpcenter.jsonl")
	}
	if !reflect.DeepEqual(eval, wantEval) {
		t.Errorf("helpcenter-eval.jsonl is not the even-numbered inquiries of helpcenter.jsonl")
	}
	checkEvaluationUnused(t, eval)
	kinds := map[Kind]int{}
	for _, q := range eval {
		kinds[q.Kind]++
	}
	if kinds[Resolvable] == 0 || kinds[Escalation] == 0 {
		t.Errorf("evaluation set kinds %v, want both", kinds)
	}
}

// checkEvaluationUnused fails when a test of a package that answers or
// scores inquiries quotes an evaluation inquiry's utterance: tuning and
// pinning read the tuning set only. (Outside those packages a short phrase
// may match by chance: "delete my account" is also an English rule's output.)
func checkEvaluationUnused(t *testing.T, eval []Inquiry) {
	t.Helper()
	var files []string
	for _, pattern := range []string{"dialogue/*_test.go", "dialogue/*/*_test.go", "simulator/*_test.go",
		"evaluator/*_test.go", "web/*_test.go", "cmd/helpgraph/*_test.go", "kgbuild/*_test.go"} {
		m, err := filepath.Glob(filepath.Join("..", pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no test files found to check")
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := strings.ToLower(string(raw))
		for _, q := range eval {
			if strings.Contains(src, strconv.Quote(strings.ToLower(q.Utterance))) {
				t.Errorf("%s quotes evaluation inquiry %s (%q); tests tune on helpcenter-tune.jsonl only", f, q.ID, q.Utterance)
			}
		}
	}
}
