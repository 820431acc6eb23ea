package langid

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestDetectDevelopmentQuestions: the development question sets' messages
// (testdata/questions) are never read as another language, and at least
// 95% of each set is told (the rest is left to the conversation's).
func TestDetectDevelopmentQuestions(t *testing.T) {
	d := New("en", "de", "fr", "es", "ja")
	for _, lang := range []string{"en", "de", "fr", "es", "ja"} {
		f, err := os.Open(filepath.Join("..", "..", "testdata", "questions", "adguard-"+lang+".jsonl"))
		if err != nil {
			t.Skip(err)
		}
		right, unknown, n := 0, 0, 0
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var q struct{ Question string }
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				t.Fatal(err)
			}
			n++
			switch got := d.Detect(q.Question); got {
			case lang:
				right++
			case "":
				unknown++
			default:
				t.Errorf("%s: %q read as %s", lang, q.Question, got)
			}
		}
		f.Close()
		t.Logf("%s: %d of %d right, %d unknown", lang, right, n, unknown)
		if right*100 < 95*n {
			t.Errorf("%s: %d of %d told", lang, right, n)
		}
	}
}
