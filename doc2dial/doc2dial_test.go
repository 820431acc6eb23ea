package doc2dial

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "dialogues.jsonl"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRead(t *testing.T) {
	dir := write(t, `{"dial_id": "a", "doc_file": "docs/x.html", "turns": [`+
		`{"role": "user", "utterance": "hi", "da": null, "references": null},`+
		`{"role": "agent", "utterance": null, "da": "respond_solution", "references": []},`+
		`{"role": "agent", "utterance": "Call us?", "references": [{"sp_id": "2", "label": "solution", "text_sp": "Call us , "}, {"sp_id": "3", "label": null, "text_sp": " now . "}]}]}

{"dial_id": "b", "turns": [{"role": "agent", "references": [{"sp_id": "1", "label": null, "text_sp": "x"}]}]}
`)
	ds, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 2 || ds[0].DocFile != "docs/x.html" {
		t.Fatalf("got %+v", ds)
	}
	u, none, grounded := ds[0].Turns[0], ds[0].Turns[1], ds[0].Turns[2]
	// null is unknown, [] is known to be empty: both ungrounded, told apart.
	if u.References != nil || none.References == nil || u.Grounded() || none.Grounded() {
		t.Errorf("null vs empty references: %#v, %#v", u.References, none.References)
	}
	if u.Text() != "hi" || none.Text() != "" || u.Act() != "" || none.Act() != "respond_solution" {
		t.Errorf("text/act of unknown values")
	}
	if !grounded.Grounded() || grounded.Grounding() != "Call us , now ." || !grounded.HasLabel(Solution) || grounded.HasLabel(Precondition) {
		t.Errorf("grounding %q", grounded.Grounding())
	}
	if !ds[0].Labelled() || ds[1].Labelled() {
		t.Error("Labelled: a has a labelled agent span, b none")
	}
}

func TestReadErrors(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"bad json", "{\"dial_id\": \n", "line 1"},
		{"unknown role", `{"dial_id": "a", "turns": [{"role": "system"}]}`, `role "system"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Read(write(t, tt.body)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	if _, err := Read(t.TempDir()); err == nil || !strings.Contains(err.Error(), "dialogues.jsonl") {
		t.Errorf("missing file: err = %v", err)
	}
}
