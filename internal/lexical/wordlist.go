package lexical

import (
	"io/fs"
	"path"
	"strings"
)

// WordList returns the words of the list file name in fsys (an embedded
// data file): whitespace-separated, lines starting with "#" comments,
// taken as written (no case or accent folding). It panics when the file
// cannot be read: the lists are built into the binary.
func WordList(fsys fs.FS, name string) map[string]bool {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		panic("lexical: word list: " + err.Error())
	}
	set := map[string]bool{}
	for line := range strings.Lines(string(b)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			set[w] = true
		}
	}
	return set
}

// wordListsByLang returns the word lists of folder dir in fsys, one per
// language, by file name ("de.txt" is German's).
func wordListsByLang(fsys fs.FS, dir string) map[string]map[string]bool {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic("lexical: word lists: " + err.Error())
	}
	out := map[string]map[string]bool{}
	for _, e := range entries {
		if lang, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			out[lang] = WordList(fsys, path.Join(dir, e.Name()))
		}
	}
	return out
}
