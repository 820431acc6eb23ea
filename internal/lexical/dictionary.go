package lexical

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"sync"
)

// dictionaryFiles are the words of a language's dictionary, one a line,
// gzipped: en is Debian's wamerican (SCOWL, size 50; licence in
// dictionary/COPYRIGHT), its lower-case entries without apostrophes, as
// derived by
//
//	grep -v "[A-Z']" /usr/share/dict/american-english | LC_ALL=C sort -u | gzip -9n
//
//go:embed dictionary/*.txt.gz
var dictionaryFiles embed.FS

// dictionaries holds each language's words once read (nil: none shipped).
var dictionaries sync.Map // language -> func() map[string]bool

// IsWord reports whether w, lower-case, is a word of the model's
// language's dictionary. Without a dictionary for the language it
// reports false: nothing is known to be a real word.
func (m *Model) IsWord(w string) bool {
	words, _ := dictionaries.LoadOrStore(m.lang, sync.OnceValue(func() map[string]bool { return readDictionary(m.lang) }))
	return words.(func() map[string]bool)()[w]
}

// HasDictionary reports whether the model's language has a dictionary
// shipped (IsWord knows its words).
func (m *Model) HasDictionary() bool {
	_, err := dictionaryFiles.Open("dictionary/" + m.lang + ".txt.gz")
	return err == nil
}

// readDictionary reads the dictionary of lang, or returns nil if none is
// shipped.
func readDictionary(lang string) map[string]bool {
	b, err := dictionaryFiles.ReadFile("dictionary/" + lang + ".txt.gz")
	if err != nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	words := map[string]bool{}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		words[sc.Text()] = true
	}
	if sc.Err() != nil {
		return nil
	}
	return words
}
