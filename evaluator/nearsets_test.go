package evaluator

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// TestNearDomainSets checks the hand-written near-domain sets of
// testdata/questions (its README): questions the pages do not answer asked
// cold (30; pip-near 10), and as many conversations that open with an
// in-domain question whose gold names pages of the corpus and go on with
// one they do not answer.
func TestNearDomainSets(t *testing.T) {
	sets := []struct {
		file  string
		pages func(testing.TB) string
		each  int // cold questions, and as many mid-conversation ones
	}{
		{"sample-near.jsonl", func(testing.TB) string { return filepath.Join("..", "testdata", "helpcenter") }, 30},
		{"ssa-near.jsonl", func(tb testing.TB) string { return filepath.Join(shareddata.Doc2DialSSA(tb), "docs") }, 30},
		{"adguard-en-near.jsonl", func(tb testing.TB) string { return filepath.Join(shareddata.AdguardKB(tb), "en") }, 30},
		{"gnome-near.jsonl", gnomeHelp, 30},
		{"gimp-near.jsonl", gimpHelp, 30},
		{"libreoffice-near.jsonl", libreOfficeHelp("en-US"), 30},
		{"freedombox-near.jsonl", freedomBoxManual("en"), 30},
		{"pip-near.jsonl", pipDocs, 10},
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
			if cold != s.each || mid != s.each {
				t.Errorf("%d cold and %d mid-conversation near-domain questions, want %d and %d", cold, mid, s.each, s.each)
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
	return corpus(tb, "gnome-help", "GNOME user help not converted", "make corpus-gnome")
}

// gimpHelp is GIMP's user manual as make corpus-gimp copies it; the test is
// skipped when it has not been copied.
func gimpHelp(tb testing.TB) string {
	return corpus(tb, "gimp-help", "GIMP user manual not copied", "make corpus-gimp")
}

// corpus is out/corpora/name, or skips tb with why and the make target
// that makes it.
func corpus(tb testing.TB, name, why, target string) string {
	dir := filepath.Join("..", "out", "corpora", name)
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		tb.Skipf("%s at %s (%s)", why, dir, target)
	}
	return dir
}

// libreOfficeHelp is out/corpora/libreoffice-help-LANG (its pages under
// LANG/text, the help's own layout), or skips.
func libreOfficeHelp(lang string) func(testing.TB) string {
	return func(tb testing.TB) string {
		dir := filepath.Join("..", "out", "corpora", "libreoffice-help-"+lang)
		if _, err := os.Stat(filepath.Join(dir, lang, "text")); err != nil {
			tb.Skipf("LibreOffice help (%s) not copied at %s (make corpus-libreoffice-%s)", lang, dir, lang)
		}
		return dir
	}
}

// freedomBoxManual is out/corpora/freedombox-LANG as make corpus-freedombox
// copies it (page fragments, no index.html), or skips.
func freedomBoxManual(lang string) func(testing.TB) string {
	return func(tb testing.TB) string {
		dir := filepath.Join("..", "out", "corpora", "freedombox-"+lang)
		if _, err := os.Stat(filepath.Join(dir, "Backups.part.html")); err != nil {
			tb.Skipf("FreedomBox manual (%s) not copied at %s (make corpus-freedombox-%s)", lang, dir, lang)
		}
		return dir
	}
}

// pipDocs is pip's documentation sources as make corpus-pip copies them
// (reStructuredText and MyST pages, no index.html), or skips.
func pipDocs(tb testing.TB) string {
	dir := filepath.Join("..", "out", "corpora", "pip-docs")
	if _, err := os.Stat(filepath.Join(dir, "user_guide.rst")); err != nil {
		tb.Skipf("pip documentation not copied at %s (make corpus-pip)", dir)
	}
	return dir
}

// TestConvertedQuestionSets: every gold page of the question sets on the
// converted help centers (questions and follow-ups; GNOME's in English and
// its translations) is one of its pages, and each set has its least size.
func TestConvertedQuestionSets(t *testing.T) {
	translated := func(lang string) func(testing.TB) string {
		return func(tb testing.TB) string {
			return corpus(tb, "gnome-help-"+lang, "GNOME user help ("+lang+") not converted", "make corpus-gnome-"+lang)
		}
	}
	sets := []struct {
		file  string
		pages func(testing.TB) string
		min   int
	}{
		{"gnome-en.jsonl", gnomeHelp, 60},
		{"gnome-es.jsonl", translated("es"), 30},
		{"gnome-de.jsonl", translated("de"), 30},
		{"gnome-fr.jsonl", translated("fr"), 30},
		{"gimp-en.jsonl", gimpHelp, 60},
		{"django-en.jsonl", func(tb testing.TB) string {
			return corpus(tb, "django-docs", "Django documentation not copied", "make corpus-django")
		}, 30},
		{"libreoffice-en.jsonl", libreOfficeHelp("en-US"), 40},
		{"libreoffice-de.jsonl", libreOfficeHelp("de"), 30},
		{"libreoffice-fr.jsonl", libreOfficeHelp("fr"), 30},
		{"freedombox-en.jsonl", freedomBoxManual("en"), 60},
		{"freedombox-es.jsonl", freedomBoxManual("es"), 30},
		{"pip-en.jsonl", pipDocs, 40},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			qs, err := ReadQuestionsFile(filepath.Join("..", "testdata", "questions", s.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) < s.min {
				t.Errorf("%d questions, want at least %d", len(qs), s.min)
			}
			pages := pageFiles(t, s.pages(t))
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
		})
	}
}
