package ask

import (
	"strings"
	"testing"
)

func TestDefaultExamples(t *testing.T) {
	exs := DefaultExamples()
	multi := 0
	for _, ex := range exs {
		if len(ex.Previous) > 0 {
			multi++
		}
	}
	if len(exs) < 60 || multi < 10 {
		t.Errorf("library has %d examples, %d multi-turn; want at least 60 and 10", len(exs), multi)
	}
}

func TestReadExamplesRejectsBadOnes(t *testing.T) {
	bad := []string{
		`{"question": "delete everything", "cypher": "MATCH (n) DETACH DELETE n"}`,
		`{"question": "pages of <PAGE_1>", "cypher": "MATCH (p:HelpgraphPage {url: <PAGE_2>}) RETURN p"}`,
		`{"question": "", "cypher": "MATCH (n) RETURN n"}`,
		`{"question": "q", "cypher": "MATCH (n) RETURN n", "extra": 1}`,
		`not json`,
	}
	for _, line := range bad {
		if _, err := ReadExamples(strings.NewReader(line)); err == nil {
			t.Errorf("ReadExamples(%s) accepted it", line)
		}
	}
	good := "// a comment\n\n" + `{"question": "and <PAGE_2>", "previous": ["nodes of <PAGE_1>"], "cypher": "MATCH (p:HelpgraphPage) WHERE p.url IN [<PAGE_1>, <PAGE_2>] RETURN p"}`
	exs, err := ReadExamples(strings.NewReader(good))
	if err != nil || len(exs) != 1 || len(exs[0].Previous) != 1 {
		t.Fatalf("ReadExamples = %+v, %v", exs, err)
	}
}

func TestRetrieve(t *testing.T) {
	exs := []Example{
		{Question: "how many pages are there", Cypher: "A"},
		{Question: "which problems mention <TERM_1>", Cypher: "B"},
		{Question: "how many are there", Previous: []string{"which problems mention <TERM_1>"}, Cypher: "C"},
		{Question: "how many are there", Previous: []string{"which pages reference <PAGE_1>"}, Cypher: "D"},
		{Question: "how many nodes does <PAGE_1> have", Cypher: "E"},
	}
	tests := []struct {
		masked  string
		history []string
		want    string
		exact   bool
	}{
		{"how many pages are there", nil, "A", true},
		{"which problems mention <TERM_2>", nil, "B", true},
		{"how many nodes does the <PAGE_1> page have", nil, "E", true},
		{"how many are there", []string{"which problems mention <TERM_1>"}, "C", true},
		{"how many are there", []string{"which pages reference <PAGE_1>"}, "D", true},
		{"how many are there", []string{"something else", "which pages reference <PAGE_1>"}, "D", true},
		{"what is the number of nodes of <PAGE_1>", nil, "E", false},
	}
	for _, tc := range tests {
		got := Retrieve(tc.masked, tc.history, exs, 2)
		if len(got) != 2 {
			t.Fatalf("Retrieve returned %d examples, want 2", len(got))
		}
		if got[0].Cypher != tc.want {
			t.Errorf("Retrieve(%q, %q) best = %q (%.2f), want %q", tc.masked, tc.history, got[0].Cypher, got[0].Score, tc.want)
		}
		if tc.exact != (got[0].Score == 1) {
			t.Errorf("Retrieve(%q, %q) best score %.2f, exact match %v", tc.masked, tc.history, got[0].Score, tc.exact)
		}
		if got[0].Score < got[1].Score {
			t.Errorf("not sorted: %v", got)
		}
	}
}

func TestFill(t *testing.T) {
	es := []Entity{
		{Type: TypePage, Placeholder: "<PAGE_1>", Value: "https://x/it's.html"},
		{Type: TypeNumber, Placeholder: "<NUMBER_1>", Value: "5"},
		{Type: TypeQuoted, Placeholder: "<QUOTED_1>", Value: `back\slash`},
	}
	got, err := Fill("MATCH (p:HelpgraphPage {url: <PAGE_1>}) WHERE p.text CONTAINS <QUOTED_1> RETURN p LIMIT <NUMBER_1>", es)
	want := `MATCH (p:HelpgraphPage {url: 'https://x/it\'s.html'}) WHERE p.text CONTAINS 'back\\slash' RETURN p LIMIT 5`
	if err != nil || got != want {
		t.Errorf("Fill = %q, %v\nwant %q", got, err, want)
	}
	if err := Guard(got); err != nil {
		t.Errorf("filled statement refused: %v", err)
	}
	if _, err := Fill("MATCH (p:HelpgraphPage {url: <PAGE_2>}) RETURN p", es); err == nil || !strings.Contains(err.Error(), "<PAGE_2>") {
		t.Errorf("Fill with a missing value: %v", err)
	}
}
