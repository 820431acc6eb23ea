package evaluator

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/doc2dial"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/internal/shareddata"
	"github.com/helpgraph/helpgraph/page"
)

// The question sets of testdata/questions that are converted from the
// evaluation halves of the sample's inquiries and of the ssa dialogues:
// these tests fail when a file no longer matches its source, and -update
// rewrites it (go test ./evaluator -run QuestionSet -update).

// TestSampleQuestionSet: each evaluation inquiry of the sample
// (testdata/inquiries/helpcenter-eval.jsonl) asked as it is, its gold the
// pages of testdata/helpcenter whose text holds every one of its core facts
// (the inquiry format says they are copied from the page) and, of those,
// the most sentences of its gold response.
func TestSampleQuestionSet(t *testing.T) {
	qs, err := inquiry.ReadFile(filepath.Join("..", "testdata", "inquiries", "helpcenter-eval.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	docs, perrs, err := page.ReadDir(context.Background(), filepath.Join("..", "testdata", "helpcenter"), page.ReadOptions{})
	if err != nil || len(perrs) > 0 {
		t.Fatalf("reading the sample: %v %v", err, perrs)
	}
	var out []Question
	for _, q := range qs {
		var gold []string
		best := 0
		for _, d := range docs {
			text := page.Normalize(d.Title + "\n" + d.Text())
			all := len(q.CoreFacts) > 0
			for _, f := range q.CoreFacts {
				all = all && strings.Contains(text, page.Normalize(f))
			}
			if !all {
				continue
			}
			// Of the pages with every core fact, those that hold the
			// most sentences of the gold response.
			n := 0
			for _, sent := range strings.Split(q.GoldResponse, ". ") {
				if sent = page.Normalize(strings.TrimSuffix(sent, ".")); sent != "" && strings.Contains(text, sent) {
					n++
				}
			}
			switch {
			case n > best:
				gold, best = []string{d.URL}, n
			case n == best:
				gold = append(gold, d.URL)
			}
		}
		if len(gold) == 0 {
			t.Errorf("inquiry %s: no page holds all of its core facts %q", q.ID, q.CoreFacts)
			continue
		}
		out = append(out, Question{Question: q.Utterance, Gold: gold})
	}
	checkQuestionSet(t, "sample-eval.jsonl", out)
}

// TestSSAQuestionSet: each dialogue of the ssa evaluation half
// (doc2dial.HalfOf) as a question, its first user turn, and its later
// user turns as follow-ups, all on the dialogue's page; only the turns the
// replay scores (followed by an agent turn grounded in the page).
func TestSSAQuestionSet(t *testing.T) {
	ds, err := doc2dial.Read(shareddata.Doc2DialSSA(t))
	if err != nil {
		t.Fatal(err)
	}
	var out []Question
	for _, d := range doc2dial.InHalf(ds, doc2dial.Evaluation) {
		var q Question
		for i := range d.Turns {
			tu := &d.Turns[i]
			// As the replay scores them: a user turn the real agent
			// answered from the page (not a closing "thanks").
			if tu.Role != doc2dial.User || tu.Text() == "" || i+1 == len(d.Turns) ||
				d.Turns[i+1].Role != doc2dial.Agent || !d.Turns[i+1].Grounded() {
				continue
			}
			if q.Question == "" {
				q = Question{Question: tu.Text(), Gold: []string{strings.TrimPrefix(d.DocFile, "docs/")}}
				continue
			}
			q.FollowUps = append(q.FollowUps, FollowUp{Message: tu.Text()})
		}
		if q.Question != "" {
			out = append(out, q)
		}
	}
	if len(out) < 100 {
		t.Fatalf("%d questions from the ssa evaluation half, want its 106 dialogues' (about)", len(out))
	}
	checkQuestionSet(t, "ssa-eval.jsonl", out)
}

// checkQuestionSet compares qs with testdata/questions/name, or writes it
// with -update.
func checkQuestionSet(t *testing.T, name string, qs []Question) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i := range qs {
		if err := enc.Encode(&qs[i]); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join("..", "testdata", "questions", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./evaluator -run QuestionSet -update writes it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("%s no longer matches its source (go test ./evaluator -run QuestionSet -update rewrites it)", path)
	}
	if _, err := ReadQuestions(bytes.NewReader(want)); err != nil {
		t.Errorf("%s: %v", path, err)
	}
}
