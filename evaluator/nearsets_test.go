package evaluator

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// TestNearDomainSets checks the hand-written near-domain sets of
// testdata/questions (its README): 30 questions the pages do not answer
// asked cold, 30 conversations that open with an in-domain question whose
// gold names pages of the corpus and go on with one they do not answer.
func TestNearDomainSets(t *testing.T) {
	sets := []struct {
		file  string
		pages func(testing.TB) string
	}{
		{"sample-near.jsonl", func(testing.TB) string { return filepath.Join("..", "testdata", "helpcenter") }},
		{"ssa-near.jsonl", func(tb testing.TB) string { return filepath.Join(shareddata.Doc2DialSSA(tb), "docs") }},
		{"adguard-en-near.jsonl", func(tb testing.TB) string { return filepath.Join(shareddata.AdguardKB(tb), "en") }},
		{"gnome-near.jsonl", gnomeHelp},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			qs, err := ReadQuestionsFile(filepath.Join("..", "testdata", "questions", s.file))
			if err != nil {
				t.Fatal(err)
			}
			pages := pageFiles(t, s.pages(t))
			var cold, mid int
			for _, q := range qs {
				if q.NearDomain() {
					cold++
					if len(q.FollowUps) > 0 {
						t.Errorf("%q: a cold near-domain question with follow-ups", q.Question)
					}
					continue
				}
				for _, g := range q.Gold {
					if len(GoldPages(g, pages)) == 0 {
						t.Errorf("%q: gold %s names none of the pages", q.Question, g)
					}
				}
				if len(q.FollowUps) != 1 || !q.FollowUps[0].NearDomain() {
					t.Errorf("%q: want one near-domain follow-up", q.Question)
					continue
				}
				mid++
			}
			if cold != 30 || mid != 30 {
				t.Errorf("%d cold and %d mid-conversation near-domain questions, want 30 and 30", cold, mid)
			}
		})
	}
}

// pageFiles lists the files under dir, relative to it, as gold names them.
func pageFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// gnomeHelp is the GNOME user help as make corpus-gnome converts it; the
// test is skipped when it has not been converted.
func gnomeHelp(tb testing.TB) string {
	return gnomeHelpIn(tb, "gnome-help")
}

// gnomeHelpIn is the converted GNOME help folder out/corpora/NAME
// (gnome-help, or gnome-help-de for a translation); the test skips when
// make corpus-gnome has not made it.
func gnomeHelpIn(tb testing.TB, name string) string {
	dir := filepath.Join("..", "out", "corpora", name)
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		tb.Skipf("GNOME user help not converted at %s (make corpus-gnome)", dir)
	}
	return dir
}

// TestGnomeQuestionSet: every gold page of testdata/questions/gnome-en.jsonl
// and of the translated help's sets (gnome-es, -de, -fr; questions and
// follow-ups) is a page of the converted GNOME user help in that language.
func TestGnomeQuestionSet(t *testing.T) {
	for _, c := range []struct {
		lang, folder string
		min          int
	}{{"en", "gnome-help", 60}, {"es", "gnome-help-es", 30}, {"de", "gnome-help-de", 30}, {"fr", "gnome-help-fr", 30}} {
		t.Run(c.lang, func(t *testing.T) {
			qs, err := ReadQuestionsFile(filepath.Join("..", "testdata", "questions", "gnome-"+c.lang+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) < c.min {
				t.Errorf("%d questions, want at least %d", len(qs), c.min)
			}
			checkGoldPages(t, qs, pageFiles(t, gnomeHelpIn(t, c.folder)))
		})
	}
}

// checkGoldPages: every gold page of qs, questions and follow-ups, names a
// page of pages.
func checkGoldPages(t *testing.T, qs []Question, pages []string) {
	t.Helper()
	for _, q := range qs {
		golds := q.Gold
		for _, f := range q.FollowUps {
			golds = append(golds[:len(golds):len(golds)], f.Gold...)
		}
		for _, g := range golds {
			if len(GoldPages(g, pages)) == 0 {
				t.Errorf("%q: gold %s names none of the pages", q.Question, g)
			}
		}
	}
}
