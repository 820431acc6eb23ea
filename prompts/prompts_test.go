package prompts

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenCase is one rendering of one template, pinned in testdata/NAME.golden.
type goldenCase struct {
	golden   string // file name under testdata, without extension
	template string
	data     any
}

// checkGolden renders each case's messages and compares them with its golden file.
func checkGolden(t *testing.T, cases []goldenCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.golden, func(t *testing.T) {
			msgs, err := Messages(tc.template, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			var got []byte
			for _, m := range msgs {
				got = append(got, "### "+m.Role+"\n"+m.Content+"\n"...)
			}
			path := filepath.Join("testdata", tc.golden+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./prompts -update)", err)
			}
			if string(got) != string(want) {
				t.Errorf("%s rendered differently from %s:\n%s", tc.template, path, got)
			}
		})
	}
}

func TestMessagesSplitsRoles(t *testing.T) {
	msgs, err := Messages("selftest", struct{ Name string }{"Ada"})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].Role != "system" || msgs[1].Role != "user" || msgs[1].Content != "Hello Ada." {
		t.Fatalf("got %+v", msgs)
	}
}
