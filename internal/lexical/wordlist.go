package lexical

import (
	"io/fs"
	"iter"
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
	return words(string(b))
}

// words is the set of a word list's words (see WordList).
func words(text string) map[string]bool {
	set := map[string]bool{}
	for line := range strings.Lines(text) {
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
	return ByLanguage(fsys, dir, func(_, text string) map[string]bool { return words(text) })
}

// ByLanguage parses each language's data file of folder dir in fsys
// ("de.txt" is German's) with parse, and returns the results by
// language. It panics when the folder cannot be read: the files are built
// into the binary.
func ByLanguage[T any](fsys fs.FS, dir string, parse func(lang, text string) T) map[string]T {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic("lexical: " + dir + ": " + err.Error())
	}
	out := map[string]T{}
	for _, e := range entries {
		lang, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			panic("lexical: " + err.Error())
		}
		out[lang] = parse(lang, string(b))
	}
	return out
}

// Sections yields the entries of a sectioned data file, one a line, with
// the section each stands in: "[name]" lines open a section, blank lines
// and lines starting with "#" are left out, entries are trimmed.
func Sections(text string) iter.Seq2[string, string] {
	return func(yield func(section, line string) bool) {
		section := ""
		for line := range strings.Lines(text) {
			line = strings.TrimSpace(line)
			switch {
			case line == "" || strings.HasPrefix(line, "#"):
			case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
				section = line[1 : len(line)-1]
			default:
				if !yield(section, line) {
					return
				}
			}
		}
	}
}
