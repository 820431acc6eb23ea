package lexical

import (
	"log/slog"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis/lang/pl/stempel"
	snowball "github.com/blevesearch/snowballstem"
)

// polishStem stems a Polish word with Stempel, the algorithmic stemmer
// Lucene and Bleve use for Polish (Snowball has none): a trie of suffix
// rewrites trained on a Polish dictionary, embedded in Bleve's copy. As
// Lucene's StempelFilter, words of fewer than minStempel letters are kept,
// and so is a word the trie has no rewrite for or would cut to less than
// half.
func polishStem(env *snowball.Env) bool {
	trie := stempelTrie()
	rs := []rune(env.Current())
	if trie == nil || len(rs) < minStempel {
		return false
	}
	diff := trie.GetLastOnPath(rs)
	if diff == nil {
		return false
	}
	stem := stempel.Diff(rs, diff)
	if len(stem)*2 < len(rs) {
		// Cut to less than half: a word the trie was not trained on,
		// often a loanword ("wifi" gave "w").
		return false
	}
	env.SetCurrent(string(stem))
	return true
}

const minStempel = 3

// stempelTrie is the Polish stemming table, read once, when a Polish word
// is first stemmed (2 MB; nil, logged, if it does not load: words are then
// not stemmed).
var stempelTrie = sync.OnceValue(func() stempel.Trie {
	t, err := stempel.LoadTrie()
	if err != nil {
		slog.Error("Polish stemmer table", "err", err)
		return nil
	}
	return t
})
