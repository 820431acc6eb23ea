package lexical

import (
	"maps"
	"slices"
	"testing"
	"testing/fstest"
)

// TestWordList: a list file's words, whitespace-separated over its lines,
// as written; "#" lines are its header.
func TestWordList(t *testing.T) {
	fsys := fstest.MapFS{
		"l/de.txt": {Data: []byte("# German particles\n# two lines of header\nab an\n  zurück\tZu\n")},
		"l/nl.txt": {Data: []byte("# Dutch\naan\n")},
		"l/README": {Data: []byte("not a list")},
	}
	if got, want := WordList(fsys, "l/de.txt"), map[string]bool{"ab": true, "an": true, "zurück": true, "Zu": true}; !maps.Equal(got, want) {
		t.Errorf("WordList = %v, want %v", got, want)
	}
	byLang := wordListsByLang(fsys, "l")
	if len(byLang) != 2 || !byLang["nl"]["aan"] || !byLang["de"]["ab"] {
		t.Errorf("wordListsByLang = %v, want de and nl", byLang)
	}
}

func TestSections(t *testing.T) {
	text := "# a comment\nbefore\n\n[lead]\n  wenn \n# another\nfalls\n[not]\nfür weitere\n"
	var got []string
	for section, line := range Sections(text) {
		got = append(got, section+":"+line)
	}
	want := []string{":before", "lead:wenn", "lead:falls", "not:für weitere"}
	if !slices.Equal(got, want) {
		t.Errorf("Sections = %q, want %q", got, want)
	}
}
