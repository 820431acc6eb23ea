package inquiry

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/doc2dial"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/shareddata"
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

// TestSSAEvaluationUnused fails when Go source quotes a user turn of the
// ssa evaluation half (doc2dial.HalfOf) in a string or a comment: rules and
// tests are written from the tuning half only.
func TestSSAEvaluationUnused(t *testing.T) {
	ds, err := doc2dial.Read(shareddata.Doc2DialSSA(t))
	if err != nil {
		t.Fatal(err)
	}
	var eval []quoted
	for _, d := range doc2dial.InHalf(ds, doc2dial.Evaluation) {
		for i := range d.Turns {
			if tu := &d.Turns[i]; tu.Role == doc2dial.User && tu.Text() != "" {
				eval = append(eval, quoted{id: "ssa " + d.DialID, text: tu.Text()})
			}
		}
	}
	if len(eval) < 100 {
		t.Fatalf("%d evaluation user turns, want the evaluation half's hundreds", len(eval))
	}
	checkUnquoted(t, eval)
}

// quoted is an evaluation utterance that no Go source may quote. A
// literal one also may not be a whole string literal, however short (the
// sample's inquiries: short ssa turns such as "yes" are every dialogue's).
type quoted struct {
	id, text string
	literal  bool
}

// minQuotedWords is how many words an utterance needs before it counts as
// quoted wherever it appears in a string or comment; a shorter one ("yes,
// please", "delete my account") may occur by chance and counts only as a
// whole string literal.
const minQuotedWords = 5

// checkEvaluationUnused fails when Go source quotes an evaluation
// inquiry's utterance: tuning and pinning read the tuning set only.
func checkEvaluationUnused(t *testing.T, eval []Inquiry) {
	t.Helper()
	var qs []quoted
	for _, q := range eval {
		qs = append(qs, quoted{id: q.ID, text: q.Utterance, literal: true})
	}
	checkUnquoted(t, qs)
}

// checkUnquoted fails when a Go file of the repository quotes one of eval
// (see quotes).
func checkUnquoted(t *testing.T, eval []quoted) {
	t.Helper()
	var files []source
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "out" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files = append(files, newSource(path, string(raw), answersOrScores(path)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("%d Go files found to check, want the repository's", len(files))
	}
	for _, q := range eval {
		for _, f := range files {
			if how := quotes(f, q); how != "" {
				t.Errorf("%s quotes evaluation utterance %s (%q) %s; write tests and rules from the tuning half", f.path, q.id, q.text, how)
			}
		}
	}
}

// source is a Go file as quotes reads it.
type source struct {
	path       string
	raw, words string // lower case; words: lexical.Normalize'd, space-padded
	literals   bool   // whole string literals count too
}

func newSource(path, text string, literals bool) source {
	raw := strings.ToLower(text)
	return source{path: path, raw: raw, words: " " + lexical.Normalize(raw) + " ", literals: literals}
}

// quotes says how f quotes q, or "": a literal q as a whole string literal
// (any length, where f.literals), or, for an utterance of minQuotedWords
// words or more, anywhere in f's text (inside a longer string or a
// comment, across lines, case, punctuation and spacing aside).
func quotes(f source, q quoted) string {
	if q.literal && f.literals && strings.Contains(f.raw, strconv.Quote(strings.ToLower(q.text))) {
		return "as a string"
	}
	words := lexical.Normalize(q.text)
	if len(strings.Fields(words)) >= minQuotedWords && strings.Contains(f.words, " "+words+" ") {
		return "in a string or comment"
	}
	return ""
}

func TestQuotes(t *testing.T) {
	long := quoted{id: "e1", text: "Can I keep my pension while travelling?"}
	short := quoted{id: "e2", text: "cant log in", literal: true}
	tests := []struct {
		name, src string
		literals  bool
		q         quoted
		want      bool
	}{
		{"whole literal", `x := "cant log in"`, true, short, true},
		{"whole literal, case aside", `x := "Cant Log In"`, true, short, true},
		{"literal outside the packages that answer", `x := "cant log in"`, false, short, false},
		{"short, inside a longer string", `x := "we cant log in"`, true, short, false},
		{"short, in a comment", `// cant log in`, true, short, false},
		{"long, inside a longer string", `{"so can I keep my pension while travelling, or not", ActNone}`, false, long, true},
		{"long, in a comment across lines", "// (\"can I keep\n\t// my pension while travelling?\")", false, long, true},
		{"long, punctuation and case aside", `"CAN I KEEP MY PENSION -- WHILE TRAVELLING"`, false, long, true},
		{"long, words of another", `"can I keep my pension while travelling abroad"`, false, long, true},
		{"long, not on a word boundary", `"scan I keep my pension while travellings"`, false, long, false},
		{"long, other words", `"can I keep getting my pension while I travel?"`, false, long, false},
	}
	for _, tt := range tests {
		if got := quotes(newSource("x.go", tt.src, tt.literals), tt.q) != ""; got != tt.want {
			t.Errorf("%s: quotes = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// answersOrScores reports whether path is in a package that answers or
// scores inquiries.
func answersOrScores(path string) bool {
	for _, dir := range []string{"dialogue", "simulator", "evaluator", "web", "cmd/helpgraph", "kgbuild"} {
		if strings.HasPrefix(filepath.ToSlash(path), "../"+dir+"/") {
			return true
		}
	}
	return false
}
