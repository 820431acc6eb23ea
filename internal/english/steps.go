package english

import (
	"embed"
	"maps"
	"regexp"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Steps and hand-offs.
//
// A resolution is actionable when it tells the customer something they can
// do now: an ordered step, an imperative ("click", "go to", "enter",
// "select", "log in", "visit", ...), "you can ...", or a call to a given
// phone number. Sentences that only hand the customer over without
// specifics ("contact us", "contact the hotel directly", "check with your
// bank", "please call us") are dead ends and count for nothing, even if they
// also say "you can", so a page whose only advice is to contact someone is
// not actionable, while a page with real steps and a "contact us if this
// fails" fallback is. A phone number makes a contact sentence specific,
// hence actionable.
//
// The rules work on words, not regular expressions: resolutions are long and
// this runs on every node.
var (
	stepWord = toSet(`click tap enter select choose visit open download print submit press type
upload apply request register scroll navigate call login signin signup reset`)
	stepPair = toSet(`go_to log_in sign_in sign_up fill_in fill_out complete_the follow_the you_can
you_may use_the use_your create_a create_an set_up update_your change_your cancel_your check_the`)
	// imperativeWord are the verbs a help page's instructions start with,
	// in any business: the one list of them.
	imperativeWord = toSet(`log sign click tap go enter select choose visit open download print fill
complete submit press follow type upload use apply request register create set reset update change
cancel scroll navigate call find check make add remove send pay book confirm review wait read see
return bring show keep ask contact turn tell allow enable disable install uninstall reinstall restart`)
	// notStepWord open instructions that are no step by themselves:
	// waiting, reading and handing off.
	notStepWord = toSet(`wait allow see read check ask contact`)
	contactWord = toSet(`inquire enquire consult`)
	contactPair = toSet(`contact_us contact_the contact_your contact_our contact_a contact_an
get_in reach_out check_with ask_the ask_your ask_our speak_to speak_with talk_to please_call
call_us call_the call_your`)
	// leadFiller may come before an instruction's verb.
	leadFiller    = toSet(`please first then just`)
	sentenceSplit = regexp.MustCompile(`[.!?]\s+|\n`)
)

// StartsWithImperative reports whether a sentence starts with an imperative
// verb, after an optional step number and "please", "first", "then".
func StartsWithImperative(s string) bool { return imperativeWord[leadWord(lexical.Words(s))] }

// IsStep reports whether a sentence is an instruction to do something
// ("Open the [Guest page](…), enter your code and click Cancel"), not one
// to wait, read or ask someone else.
func IsStep(s string) bool {
	ws := lexical.Words(s)
	lead := leadWord(ws)
	return imperativeWord[lead] && !notStepWord[lead] || foreignImperative(ws)
}

//go:embed steps/*.txt
var stepFiles embed.FS

// Instructions in the other languages of a help center: German, French and
// Russian write them in the polite imperative, which their grammar marks
// ("Klicken Sie", "Ouvrez", "Откройте"); Spanish, Portuguese, Italian and Dutch help pages use a
// form that is the verb's own ("Abre", "Clique", "Apri", "Klik"), so their
// common ones are listed (not "active", "open", English words too).
var (
	// germanNotImperative open a sentence with "Sie" second that is no
	// instruction: a condition ("Sollten Sie ..."), a question ("Können
	// Sie ...", "Haben Sie ...").
	germanNotImperative = lexical.WordList(stepFiles, "steps/de-not-imperative.txt")
	// frenchNotImperative end in -ez without telling anyone to do anything.
	frenchNotImperative = lexical.WordList(stepFiles, "steps/fr-not-imperative.txt")
	listedImperative    = listedImperatives("es", "pt", "it", "nl")
)

// listedImperatives returns the imperatives steps/LANG-imperative.txt
// list for langs, together.
func listedImperatives(langs ...string) map[string]bool {
	all := map[string]bool{}
	for _, l := range langs {
		maps.Copy(all, lexical.WordList(stepFiles, "steps/"+l+"-imperative.txt"))
	}
	return all
}

// foreignImperative reports whether words ws (lower case), a sentence's,
// start with an instruction in German, French, Russian, Spanish,
// Portuguese, Italian or Dutch (see above).
func foreignImperative(ws []string) bool {
	for len(ws) > 0 && ws[0][0] >= '0' && ws[0][0] <= '9' {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return false
	}
	w := ws[0]
	switch {
	case len(ws) > 1 && ws[1] == "sie" && strings.HasSuffix(w, "en") && !germanNotImperative[w]:
		return true
	case len([]rune(w)) > 4 && strings.HasSuffix(w, "ez") && !frenchNotImperative[w] && !moreEnglish(ws):
		return true
	case len([]rune(w)) > 4 && (strings.HasSuffix(w, "ите") || strings.HasSuffix(w, "йте")):
		// Russian's polite imperative ("Откройте", "Нажмите", "Выберите").
		return true
	}
	return listedImperative[w]
}

// moreEnglish reports whether words ws hold more English function words
// than French ones: "-ez" opens English sentences too, in names ("Martinez
// wrote this guide").
func moreEnglish(ws []string) bool {
	en, fr := 0, 0
	for _, w := range ws {
		if lexical.IsStopWord(w) {
			en++
		}
		if french.IsFunctionWord(w) {
			fr++
		}
	}
	return en > fr
}

var french = lexical.For("fr")

// leadWord is a sentence's first word after a step number and fillers.
func leadWord(ws []string) string {
	for len(ws) > 0 && (leadFiller[ws[0]] || ws[0][0] >= '0' && ws[0][0] <= '9') {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// hasAny reports whether ws has a word in one or a word pair ("go_to") in pairs.
func hasAny(ws []string, one, pairs map[string]bool) bool {
	for i, w := range ws {
		if one[w] || i+1 < len(ws) && pairs[w+"_"+ws[i+1]] {
			return true
		}
	}
	return false
}

// Actionable reports whether a resolution gives a step to take (the rule
// above).
func Actionable(resolution string) bool {
	phone := hasDigits(resolution, 7) && lexical.PhoneNumber.MatchString(resolution)
	for _, line := range strings.Split(resolution, "\n") {
		trim := strings.TrimSpace(line)
		ordered := strings.HasPrefix(trim, "1. ")
		body := Plain(StripListMarker(trim))
		for _, s := range sentenceSplit.Split(body, -1) {
			ws := lexical.Words(s)
			if len(ws) == 0 {
				continue
			}
			if hasAny(ws, contactWord, contactPair) {
				if phone {
					return true
				}
				continue
			}
			if ordered || hasAny(ws, stepWord, stepPair) {
				return true
			}
			if lead := leadWord(ws); imperativeWord[lead] && !notStepWord[lead] || foreignImperative(ws) {
				return true
			}
		}
	}
	return false
}

// NumberedItem is the mark opening a numbered list's item at the start of
// a line ("1. ", "2) "): a step, in any language.
var NumberedItem = regexp.MustCompile(`^\d{1,2}[.)]\s`)

// listMarker is a heading, bullet, table or numbered-list marker at the
// start of a line.
var listMarker = regexp.MustCompile(`^(#+|[-*|]|\d+[.)])\s+`)

// StripListMarker drops a line's leading markers and nothing else: a line
// that starts with a number ("10 days") keeps it.
func StripListMarker(line string) string {
	for {
		rest := listMarker.ReplaceAllString(line, "")
		if rest == line {
			return line
		}
		line = rest
	}
}

func hasDigits(s string, n int) bool {
	c := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			c++
		}
	}
	return c >= n
}

// CutAtImperative ends a lead clause where a run-together instruction
// starts: "If the screen did not appear Turn off pop-up blockers" → "If the
// screen did not appear".
func CutAtImperative(clause string) string {
	words := strings.Fields(clause)
	// Four words at least before the cut: "If you chose Pay at the
	// accommodation" names a button, it does not start an instruction.
	for i := 4; i < len(words); i++ {
		w := words[i]
		if r := []rune(w); unicode.IsUpper(r[0]) && verbs[strings.ToLower(w)] {
			return strings.Join(words[:i], " ")
		}
	}
	return clause
}
