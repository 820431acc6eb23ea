package dialogue

import "unicode"

// A chat message may be a reaction and nothing else ("👍", "🙏", "👎"):
// people react so in every messenger. Read as a request it has no words,
// and was told the help pages have nothing on it.

// reactionActs are the reactions that say something of their own, by the
// act they make; any other emoji alone acknowledges (a smile, "👌").
var reactionActs = map[rune]Act{
	'👎': ActNo, '❌': ActNo, '✖': ActNo, '🙅': ActNo,
	'🙏': ActThanks, '❤': ActThanks, '♥': ActThanks, '💙': ActThanks, '💚': ActThanks, '🧡': ActThanks, '💜': ActThanks, '🥰': ActThanks, '😍': ActThanks,
}

// reactionAct returns the act a message made of emoji alone makes
// (reactionActs, else ActAck), or ActNone when it has a letter or a digit,
// or no emoji. Of a no and a thanks ("🙏👎"), the no wins: the thanks
// only softens it.
func reactionAct(msg string) Act {
	act, emoji := ActNone, false
	for _, r := range msg {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return ActNone
		case unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) && r >= 0x1F3FB && r <= 0x1F3FF:
			emoji = true
			if a, ok := reactionActs[r]; ok && act != ActNo {
				act = a
			}
		}
	}
	if !emoji {
		return ActNone
	}
	if act == ActNone {
		return ActAck
	}
	return act
}
