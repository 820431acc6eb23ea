package lexical

import (
	"embed"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	snowball "github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/arabic"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/finnish"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/hungarian"
	"github.com/blevesearch/snowballstem/irish"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/norwegian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/romanian"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
	"github.com/blevesearch/snowballstem/tamil"
	"github.com/blevesearch/snowballstem/turkish"
	"golang.org/x/text/unicode/norm"
)

// A Model is the word model of one language: what its words are (Latin,
// Cyrillic... words as Words has them; Chinese text, which has no spaces,
// as a dictionary segments it (chineseWords); Japanese text and Korean
// words, which carry their particles and endings ("프린터에", at the
// printer), as overlapping character pairs), which carry no content, and
// how they meet (its Snowball stemmer, then accents folded, so "Blöcke"
// and "blocke" meet; the stemmers' rules want the accents, so a word typed
// without one whose suffix has one, "aplicacion", still misses).
//
// The English model is the package's functions (Words, Stem, IsStopWord),
// unchanged, so English results do not depend on this file.
type Model struct {
	lang string
	stem func(*snowball.Env) bool // nil: words are not stemmed
	stop map[string]bool          // lowercase, folded forms included
	// functionWords is the Snowball list alone (stop less the chat
	// words): what language identification counts (IsFunctionWord).
	functionWords map[string]bool
	// chinese: Chinese text is read as words (chineseWords), not as
	// character pairs; the Chinese model's only.
	chinese bool
	multi   bool // not English: fold and segment
}

// snowballStemmers are the languages with a Snowball stemmer in Go
// (blevesearch/snowballstem; English keeps kljensen/snowball's Porter2,
// which the English results were measured with), and Polish's Stempel
// (polishStem) in the same shape.
var snowballStemmers = map[string]func(*snowball.Env) bool{
	"ar": arabic.Stem, "da": danish.Stem, "nl": dutch.Stem, "fi": finnish.Stem, "fr": french.Stem,
	"de": german.Stem, "hu": hungarian.Stem, "ga": irish.Stem, "it": italian.Stem, "no": norwegian.Stem,
	"nb": norwegian.Stem, "nn": norwegian.Stem, "pt": portuguese.Stem, "ro": romanian.Stem,
	"ru": russian.Stem, "es": spanishStem, "sv": swedish.Stem, "ta": tamil.Stem, "tr": turkish.Stem,
	"pl": polishStem, "id": indonesianStem,
	// Suffixing languages with no stemmer here: the Slavic and Baltic
	// languages and Greek (prefixTrunc).
	"cs": prefixTrunc, "sk": prefixTrunc, "uk": prefixTrunc, "be": prefixTrunc, "bg": prefixTrunc,
	"mk": prefixTrunc, "sr": prefixTrunc, "hr": prefixTrunc, "bs": prefixTrunc, "sl": prefixTrunc,
	"lt": prefixTrunc, "lv": prefixTrunc, "el": prefixTrunc,
}

// prefixTrunc stems a word of a language that inflects by its endings and
// has no stemmer to its first truncLetters letters, the stemmer of last
// resort in retrieval for such languages: "відключається" and
// "відключення" meet as "відк", "reproduktorů" and "reproduktory" as
// "repr". Measured where there was none (GNOME's help, 30 questions each,
// first reply on gold): Ukrainian 56.7% → 70.0%, Czech 63.3% → 86.7%, and
// Polish without Stempel 46.7% → 73.3%, as with it; 3, 5, 6 and 7 letters
// did worse on all three or as well on one. Not for languages that inflect
// by their beginnings (Indonesian "pengaturan", "mengatur") nor for
// scripts without spaces.
func prefixTrunc(env *snowball.Env) bool {
	rs := []rune(env.Current())
	if len(rs) <= truncLetters {
		return false
	}
	env.SetCurrent(string(rs[:truncLetters]))
	return true
}

const truncLetters = 4

// spanishStem is Snowball's Spanish stemmer taking off one more enclitic
// pronoun: te, the informal "you" help centers address their readers with
// ("registrarte", "protegerte", "suscribirte", "ayudándote"), which
// Snowball's list (me, se, la, le, lo, nos...) leaves out because present
// forms end alike: "comparte" (compartir), "advierte" (advertir). So
// "registrarte" stemmed to "registrart" and missed "registro",
// "registrar". Here te goes after a gerund (written with its accent) or an
// infinitive, though not after "-par" or "-ier"/"-uer" (those present
// forms: "comparte", "reparte", "convierte"; "fuerte"), and only where
// Snowball would take off la in its place (within the word's RV region:
// "parte", "suerte" stay).
func spanishStem(env *snowball.Env) bool {
	w := env.Current()
	if verb, ok := shortInfinitive(w); ok {
		env.SetCurrent(verb)
		return true
	}
	if verb, ok := strings.CutSuffix(w, "te"); ok && encliticBase(verb) {
		alt := snowball.NewEnv(verb + "la")
		spanish.Stem(alt)
		// Snowball took la off: what is left is a prefix of the verb
		// (an "l" at its end is not).
		if stem := alt.Current(); strings.HasPrefix(verb, stem) {
			env.SetCurrent(stem)
			return true
		}
	}
	return spanish.Stem(env)
}

// shortInfinitives are the Spanish infinitives too short for Snowball to
// take a pronoun off ("verlo", "darle", "irse"): it takes one off only
// within the word's RV region, which for a word opening in a consonant
// and a vowel starts after its third letter, so "verlo" stemmed to "verl",
// a word no page has. Each is its own stem, as Snowball leaves it (accents
// are folded after stemming: "oír" is "oir").
var shortInfinitives = []string{"ver", "dar", "ser", "ir", "oir"}

// spanishEnclitics are the pronouns Snowball takes off an infinitive, and
// te (see spanishStem), longest first.
var spanishEnclitics = []string{"selas", "selos", "sela", "selo", "las", "les", "los", "nos", "la", "le", "lo", "me", "se", "te"}

// shortInfinitive returns the infinitive of w when w is a short one with a
// pronoun attached (see shortInfinitives).
func shortInfinitive(w string) (string, bool) {
	for _, p := range spanishEnclitics {
		// The pronoun moves the stress: "dárselo".
		if base, ok := strings.CutSuffix(w, p); ok && slices.Contains(shortInfinitives, fold(base)) {
			return fold(base), true
		}
	}
	return "", false
}

// encliticBase reports whether verb, a Spanish word less a final "te",
// ends as an infinitive or gerund that te is attached to (see spanishStem).
func encliticBase(verb string) bool {
	switch {
	case strings.HasSuffix(verb, "ándo"), strings.HasSuffix(verb, "iéndo"), strings.HasSuffix(verb, "ir"):
		return true
	case strings.HasSuffix(verb, "er"):
		return !strings.HasSuffix(verb, "ier") && !strings.HasSuffix(verb, "uer")
	case strings.HasSuffix(verb, "ar"):
		return !strings.HasSuffix(verb, "par")
	}
	return false
}

// StemmedLanguages returns the languages whose words are stemmed.
func StemmedLanguages() []string {
	out := []string{"en"}
	for l := range snowballStemmers {
		out = append(out, l)
	}
	return out
}

//go:embed stopwords/*.txt stopwords/chat/*.txt stopwords/content/*.txt
var stopFiles embed.FS

// StopListLanguages returns the languages with a stop list.
func StopListLanguages() []string {
	out := []string{"en"}
	entries, _ := stopFiles.ReadDir("stopwords")
	for _, e := range entries {
		if l, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			out = append(out, l)
		}
	}
	return out
}

var (
	modelsMu sync.Mutex
	models   = map[string]*Model{}
)

// English is the English word model.
var English = &Model{lang: "en"}

// For returns the word model of language lang (a BCP 47 tag; its base
// language counts). "" and "en" are English; a language with no stemmer or
// stop list still has its words folded and, for Chinese, Japanese and
// Korean, segmented.
func For(lang string) *Model {
	lang = baseLang(lang)
	if lang == "" || lang == "en" {
		return English
	}
	modelsMu.Lock()
	defer modelsMu.Unlock()
	if m := models[lang]; m != nil {
		return m
	}
	m := &Model{lang: lang, stem: snowballStemmers[lang], stop: map[string]bool{}, functionWords: map[string]bool{}, multi: true}
	m.chinese = lang == "zh"
	addWords(m.functionWords, "stopwords/"+lang+".txt")
	maps.Copy(m.stop, m.functionWords)
	addWords(m.stop, "stopwords/chat/"+lang+".txt")
	content := map[string]bool{}
	addWords(content, "stopwords/content/"+lang+".txt")
	for w := range content {
		delete(m.stop, w)
	}
	models[lang] = m
	return m
}

// addWords adds the words of the embedded list file (whitespace-separated,
// "#" comment lines), lowercased, with their folded forms, to set; a
// language without the file adds none.
func addWords(set map[string]bool, file string) {
	b, err := stopFiles.ReadFile(file)
	if err != nil {
		return
	}
	for line := range strings.Lines(string(b)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			w = strings.ToLower(w)
			set[w] = true
			set[fold(w)] = true
		}
	}
}

// Lang returns the model's language ("en" for English).
func (m *Model) Lang() string { return m.lang }

// EachWord calls f with each word of s, lowercased and, outside English,
// with Japanese and Korean runs cut into character bigrams, Chinese ones
// into words in the Chinese model (into bigrams in the others), and
// full-width forms narrowed. The buffer f sees is reused: f must copy what
// it keeps.
func (m *Model) EachWord(s string, buf []byte, f func(w []byte)) []byte {
	return m.eachWord(s, buf, nil, f)
}

// eachWord is EachWord reading hiragana runs as ContentWords does when
// kanaWord is not nil.
func (m *Model) eachWord(s string, buf []byte, kanaWord func(run string) bool, f func(w []byte)) []byte {
	if !m.multi {
		return EachWord(s, buf, f)
	}
	var scratch []byte
	return EachWord(s, buf, func(w []byte) {
		if !isASCII(w) && hasWideOrCJK(w) {
			scratch = foldBytes(scratch[:0], w)
			if hasCJK(scratch) {
				if m.chinese && !hasKana(scratch) && chineseWords(scratch, f) {
					return
				}
				eachBigram(scratch, kanaWord, f)
				return
			}
			w = scratch
		}
		f(w)
	})
}

// Words returns the words of s as EachWord has them.
func (m *Model) Words(s string) []string {
	if !m.multi {
		return Words(s)
	}
	var out []string
	m.EachWord(s, nil, func(w []byte) { out = append(out, string(w)) })
	return out
}

// ContentWords returns the words of s as Words has them, except that each
// run of hiragana is read as the grammar Japanese writes in it (particles,
// endings, auxiliaries: できますか, ください, どうすれば, について) and left
// out, unless kanaWord(run) says the help center writes that very run as a
// word (KanaWords). Words cuts a hiragana run of three or more into
// character pairs, and those pairs (でき, きま, ます, すか) are in almost
// every page: a question's grammar matched pages by chance. Kanji,
// katakana and Latin runs are words as in Words. A message is read so;
// the pages' own texts keep their pairs (a message's kept run still meets
// them).
func (m *Model) ContentWords(s string, kanaWord func(run string) bool) []string {
	if !m.multi {
		return Words(s)
	}
	if kanaWord == nil {
		kanaWord = func(string) bool { return false }
	}
	var out []string
	m.eachWord(s, nil, kanaWord, func(w []byte) { out = append(out, string(w)) })
	return out
}

// minKanaWord is the shortest hiragana run read as a word: runs of one or
// two (の, を, から) are particles and endings wherever they are written.
const minKanaWord = 3

// KanaWords calls f with each run of hiragana in s, a heading or title,
// that the text writes as a word: three or more hiragana that open the
// text or follow a space or an opening bracket or quote (おすすめの,
// すでに, 「どこで」). Grammar follows what it belongs to (設定について,
// インストールできますか, "（旧タイプ）について"): a run written right after
// kanji, katakana, Latin letters, digits or a closing mark is not one.
func KanaWords(s string, f func(run string)) {
	eachScriptRun([]rune(s), func(run []rune, sc int, before rune) {
		if sc == scriptHiragana && len(run) >= minKanaWord && opensPhrase(before) {
			f(string(run))
		}
	})
}

// opensPhrase reports whether a word written right after r starts a
// phrase: r is nothing (the text's start), a space, or an opening bracket
// or quote.
func opensPhrase(r rune) bool {
	return r == 0 || unicode.IsSpace(r) || unicode.In(r, unicode.Ps, unicode.Pi)
}

// IsStopWord reports whether the lowercase word w carries no content: a
// word of the Snowball stop list or of the conversational words beside it
// (stopwords/chat), typed with or without its accents ("cómo" is "como").
// A letter of the language's own alphabet is no accent (ownLetters): typed
// with it, a word is another word ("ändern", to change, is not "andern").
func (m *Model) IsStopWord(w string) bool {
	if !m.multi {
		return IsStopWord(w)
	}
	return m.stop[w] || hasLatinAccent(w) && !m.HasOwnLetter(w) && m.stop[fold(w)]
}

// HasOwnLetter reports whether w has a letter with a mark that the
// model's language counts as a letter of its own (ownLetters): without
// it, w is another word, not w typed without accents.
func (m *Model) HasOwnLetter(w string) bool {
	return strings.ContainsAny(w, ownLetters[m.lang])
}

// ownLetters are, per language, the letters with a mark that its alphabet
// counts as letters of their own, not as a base letter with an accent:
// German umlauts, the Spanish ñ ("año" is not "ano").
var ownLetters = map[string]string{"de": "äöü", "es": "ñ"}

// hasLatinAccent reports whether w has a Latin letter that fold changes
// (Japanese and Chinese words need no folding, nor its allocation).
func hasLatinAccent(w string) bool {
	for _, r := range w {
		if r >= 0xC0 && r < 0x250 {
			return true
		}
	}
	return false
}

// IsFunctionWord reports whether the lowercase word w, as written, is on
// the language's Snowball stop list: the function words of running text,
// which tell languages apart (package langid). English's is its stop list.
func (m *Model) IsFunctionWord(w string) bool {
	if !m.multi {
		return IsStopWord(w)
	}
	return m.functionWords[w]
}

// IsTerm reports whether w counts as a term (see the package's IsTerm).
func (m *Model) IsTerm(w string) bool {
	if !m.multi {
		return IsTerm(w)
	}
	return !m.IsStopWord(w) && (utf8.RuneCountInString(w) >= 2 || IsDigits(w))
}

// Stem reduces a word as EachWord gives it to its stem, accents folded
// after stemming (the stemmers' rules are written for accented suffixes);
// a bigram or a digit run is kept as it is.
func (m *Model) Stem(w string) string {
	if !m.multi {
		return Stem(w)
	}
	if len(w) <= 2 || IsDigits(w) || hasCJK([]byte(w)) {
		return w
	}
	if m.stem != nil {
		env := snowball.NewEnv(w)
		m.stem(env)
		w = env.Current()
	}
	if !isASCII([]byte(w)) {
		w = fold(w)
	}
	return w
}

// Terms returns the stemmed content words of s, in order, duplicates kept.
func (m *Model) Terms(s string) []string {
	if !m.multi {
		return Terms(s)
	}
	var out []string
	m.EachWord(s, nil, func(w []byte) {
		if m.IsTerm(string(w)) {
			out = append(out, m.Stem(string(w)))
		}
	})
	return out
}

// baseLang is the lowercase language subtag of a BCP 47 tag.
func baseLang(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

func isASCII(w []byte) bool {
	for _, c := range w {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fold returns w with its accents dropped (see foldBytes).
func fold(w string) string { return string(foldBytes(nil, []byte(w))) }

// Fold returns the word w with the accents of its Latin letters dropped
// ("é" is "e") and full-width forms narrowed, as the models fold stems.
func Fold(w string) string {
	if isASCII([]byte(w)) {
		return w
	}
	return fold(w)
}

// foldBytes appends w to dst with the accents of Latin letters dropped
// ("é" is "e", "ß" stays) and full-width ASCII narrowed ("ＶＰＮ" is
// "vpn"); other scripts' marks (Japanese dakuten) are kept.
func foldBytes(dst, w []byte) []byte {
	for len(w) > 0 {
		r, size := utf8.DecodeRune(w)
		w = w[size:]
		switch {
		case r >= 0xC0 && r < 0x250:
			if b, ok := latinBase[r]; ok {
				r = b
			}
		case r >= 0xFF01 && r <= 0xFF5E:
			r = unicode.ToLower(r - 0xFEE0)
		case unicode.Is(unicode.Mn, r) && r < 0x370:
			continue // a combining accent typed apart
		case r >= 0x600 && r <= 0x6FF:
			r = arabicScriptFold(r)
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// latinBase maps each accented Latin letter to its base letter.
var latinBase = func() map[rune]rune {
	m := map[rune]rune{}
	for r := rune(0xC0); r < 0x250; r++ {
		d := []rune(norm.NFD.String(string(r)))
		if len(d) > 1 && d[0] < 0x80 {
			m[r] = d[0]
		}
	}
	return m
}()

// Scripts of text written without spaces between words (Chinese,
// Japanese; Korean's syllable blocks; Thai, Lao, Khmer and Myanmar), for
// segmentation.
const (
	scriptOther = iota
	scriptHan
	scriptKatakana
	scriptHiragana
	scriptHangul
	scriptUnspacedBrahmic
)

func scriptOf(r rune) int {
	switch {
	case r == 'ー' || unicode.Is(unicode.Katakana, r):
		return scriptKatakana
	case unicode.Is(unicode.Hiragana, r):
		return scriptHiragana
	case r == '々' || unicode.Is(unicode.Han, r):
		return scriptHan
	case unicode.Is(unicode.Hangul, r):
		return scriptHangul
	case r >= 0x0E00 && r <= 0x0EFF, r >= 0x1000 && r <= 0x109F, r >= 0x1780 && r <= 0x17FF:
		// Thai and Lao, Myanmar, Khmer: a sentence is one run of
		// letters, read as one word it never met another's.
		return scriptUnspacedBrahmic
	}
	return scriptOther
}

// hasWideOrCJK reports whether w has Chinese, Japanese or Korean letters or
// full-width forms.
func hasWideOrCJK(w []byte) bool {
	for _, r := range string(w) {
		if scriptOf(r) != scriptOther || r >= 0xFF01 && r <= 0xFF5E {
			return true
		}
	}
	return false
}

// hasKana reports whether w has Japanese kana: Japanese, not Chinese.
func hasKana(w []byte) bool {
	for _, r := range string(w) {
		if sc := scriptOf(r); sc == scriptHiragana || sc == scriptKatakana {
			return true
		}
	}
	return false
}

func hasCJK(w []byte) bool {
	for _, r := range string(w) {
		if scriptOf(r) != scriptOther {
			return true
		}
	}
	return false
}

// eachBigram cuts a word of Chinese, Japanese or Korean text at changes of script
// and calls f with each run's overlapping character pairs (a one-character
// run as it is; "広告ブロック" is 広告, ブロ, ロッ, ック), the usual
// dictionary-free segmentation of text without spaces. Hiragana runs of
// one or two characters are Japanese particles and endings (の, を, から):
// they are dropped; so are longer ones when kanaWord is not nil and does
// not hold them words (ContentWords). Runs of other scripts ("VPN") are
// words.
func eachBigram(w []byte, kanaWord func(run string) bool, f func([]byte)) {
	var out []byte
	eachScriptRun([]rune(string(w)), func(run []rune, sc int, _ rune) {
		switch {
		case sc == scriptOther:
			f([]byte(string(run)))
		case sc == scriptHiragana && len(run) < minKanaWord:
		case sc == scriptHiragana && kanaWord != nil && !kanaWord(string(run)):
		case len(run) == 1:
			f([]byte(string(run)))
		default:
			for k := 0; k+1 < len(run); k++ {
				out = utf8.AppendRune(utf8.AppendRune(out[:0], run[k]), run[k+1])
				f(out)
			}
		}
	})
}

// eachScriptRun calls f with each run of runes of one script in rs (see
// scriptOf), its script and the rune before it (0 for the first run).
func eachScriptRun(rs []rune, f func(run []rune, sc int, before rune)) {
	var before rune
	for i := 0; i < len(rs); {
		sc := scriptOf(rs[i])
		j := i + 1
		for j < len(rs) && scriptOf(rs[j]) == sc {
			j++
		}
		f(rs[i:j], sc, before)
		before = rs[j-1]
		i = j
	}
}
