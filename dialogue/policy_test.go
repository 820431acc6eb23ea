package dialogue

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestActPolicy checks each row of the policy on plain states: the moves
// made for an act, in the order they are tried.
func TestActPolicy(t *testing.T) {
	var (
		start        = actState{opening: true} // nothing said or offered yet
		afterAns     = actState{last: Resolution, nodeSays: true}
		followUps    = actState{pending: 2, optionNode: true, last: Resolution, nodeSays: true}
		oneOption    = actState{pending: 1, optionNode: true, last: Clarification, nodeSays: true}
		talkToPerson = actState{pending: 1, last: Clarification}                                               // the not-found reply's option is no node
		doubted      = actState{pending: 1, optionNode: true, last: Clarification, doubted: true, yesNo: true} // "is it about this?" (askAbout)
		suggested    = actState{pending: 1, optionNode: true, last: Clarification, yesNo: true}                // "is it about this?" on a miss
		question     = actState{pending: 3, optionNode: true, last: Clarification, nodeSays: true}
		bareQuestion = actState{pending: 3, optionNode: true, last: Clarification} // at a heading with no text
		askedAgain   = actState{pending: 3, optionNode: true, last: Clarification, nodeSays: true, askedAgain: true}
		topicsAsked  = actState{pending: 3, optionNode: true, last: Clarification, topicsAsked: true}
	)
	for _, tc := range []struct {
		act  Act
		st   actState
		want []move
	}{
		{ActHuman, question, []move{moveHandOver}},
		{ActRestart, afterAns, []move{moveStartOver}},
		{ActGreeting, start, []move{moveGreet}},
		{ActThanks, followUps, []move{moveWelcome}},
		{ActThanks, actState{pending: 2, optionNode: true, last: Resolution, nodeSays: true, farewell: true}, []move{moveGoodbye, moveWelcome}},             // "ok bye"
		{ActThanks, actState{pending: 1, optionNode: true, last: Clarification, yesNo: true, acks: true, farewell: true}, []move{moveGoodbye, moveWelcome}}, // "ok bye" to "Is it about this?"
		{ActNoneOfThese, question, []move{moveNoneOfThose}},
		{ActNoneOfThese, afterAns, []move{moveNotIt, moveNoneOfThose}}, // "that's not what I meant" to an answer
		{ActNoneOfThese, followUps, []move{moveNoneOfThose}},           // the follow-ups offered with the answer: none of those
		{ActAll, question, []move{moveEachInTurn}},                     // "both" to "which of these applies?"
		{ActAll, followUps, []move{moveEachInTurn}},                    // the follow-ups offered with an answer
		{ActAll, doubted, nil},                                         // one option: "both" says nothing
		{ActAll, afterAns, nil},                                        // nothing offered: read as a request
		{ActBotQuestion, question, []move{moveBotAnswer}},
		{ActWithdraw, question, []move{moveDropIt}},
		{ActWithdraw, doubted, []move{moveDropIt}},
		{ActAck, question, []move{moveAskWhich, moveAnythingElse}},
		{ActAck, doubted, []move{moveShowAsked, moveAskWhich, moveAnythingElse}},
		{ActAck, suggested, []move{moveShowAsked, moveAskWhich, moveAnythingElse}},
		{ActAck, oneOption, []move{moveAskWhich, moveAnythingElse}}, // "Does this apply to you?" asks for their situation
		{ActAck, followUps, []move{moveAnythingElse}},
		{ActAck, start, []move{moveGreet, moveAnythingElse}},
		{ActAck, actState{opening: true, last: Clarification}, []move{moveAnythingElse}}, // after "Hello! What can I help you with?"
		{ActYes, oneOption, []move{moveTakeOption}},
		{ActYes, talkToPerson, nil},
		{ActNo, oneOption, []move{moveNotIt, moveAllRight}},
		{ActDontKnow, question, []move{moveForEveryone, moveNoProblem, moveAllRight}},
		{ActDontKnow, bareQuestion, []move{moveNoProblem, moveAllRight}},
		{ActDontKnow, oneOption, []move{moveNoProblem, moveAllRight}},
		{ActDontKnow, doubted, []move{moveShowAsked, moveNoProblem, moveAllRight}},
		{ActDontKnow, talkToPerson, []move{moveNoProblem, moveAllRight}},
		{ActNo, doubted, []move{moveNotIt, moveAllRight}},
		{ActDontKnow, afterAns, []move{moveWhatElse, moveAllRight}},
		{ActDontKnow, start, []move{moveAllRight}},
		{ActYes, followUps, []move{moveGoOn, moveAskWhich}},
		{ActYes, question, []move{moveAskWhich}},
		{ActNo, question, []move{moveAskWhich, moveAllRight}},
		{ActNo, askedAgain, []move{moveNoneOfThose, moveAskWhich, moveAllRight}},  // "which one?" "no": none of them
		{ActNo, topicsAsked, []move{moveNoneOfThose, moveAskWhich, moveAllRight}}, // "is it about one of these?" "no": none of them
		{ActYes, askedAgain, []move{moveAskWhich}},
		{ActYes, afterAns, []move{moveGoOn, moveWhatElse}},
		{ActYes, start, []move{moveGoOn}},
		{ActNo, afterAns, []move{moveWhatElse, moveAllRight}},
		{ActNo, start, []move{moveAllRight}},
		{ActNotSolved, afterAns, []move{moveNotSolved}},
		{ActNotSolved, followUps, []move{moveNotSolved}},
		{ActNotSolved, question, []move{moveAskWhich}},                                                                  // nothing answered yet: the question stands (before: matched as a request, "work" led to another page)
		{ActNotSolved, actState{last: Clarification, courtesyAfterAnswer: true, nodeSays: true}, []move{moveNotSolved}}, // after "thanks" → "You're welcome!"
		{ActNotSolved, actState{last: Clarification, nodeSays: true}, nil},
		{ActNotSolved, start, []move{moveAskWhatFails}}, // "nothing works" first (before: searched, "nothing" found any page)
		{ActNotSolved, actState{last: Clarification}, nil},
		{ActNotSolved, actState{opening: true, last: Clarification, askedWhatFails: true}, []move{moveCantResolve, moveAskWhatFails}}, // "nothing works" twice: a person
		{ActNotSolved, actState{last: Escalation, nodeSays: true}, []move{moveNotSolvedAgain}},                                        // after a handover (before: searched, "work" read as "error"; then "Of course." as to a request for a person)
		{ActNone, question, nil},
	} {
		t.Run(fmt.Sprintf("%s/%+v", tc.act, tc.st), func(t *testing.T) {
			if got := actMoves(tc.act, tc.st); !slices.Equal(got, tc.want) {
				t.Errorf("actMoves(%s, %+v) = %v, want %v", tc.act, tc.st, got, tc.want)
			}
		})
	}
}

// TestOptionByForm checks how a reply names an option by its form alone,
// on plain options.
func TestOptionByForm(t *testing.T) {
	opts := []Option{
		{Label: "You booked online as a member", Value: "member", NodeID: "change-member"},
		{Label: "You booked online as a guest", Value: "guest", NodeID: "change-guest"},
		{Label: "You booked by phone", Value: "phone", NodeID: "change-phone"},
	}
	for _, tc := range []struct {
		msg      string
		want     []int
		answered bool
	}{
		{"guest", []int{1}, true},
		{"You booked by phone.", []int{2}, true},
		{"change-member", []int{0}, true},
		{"2", []int{1}, true},
		{"option 3", []int{2}, true},
		{"#1.", []int{0}, true},
		{"7", nil, true}, // a number no option has: an answer that picks none
		{"the third one", []int{2}, true},
		{"the 2nd", []int{1}, true},
		{"the last one", []int{2}, true},
		{"the latter", []int{2}, true},
		{"the fifth one", nil, false}, // no fifth option: the words decide
		{"my first booking was by phone yesterday", nil, false},
		{"by phone", nil, false},
	} {
		got, answered := optionByForm(&reading{text: tc.msg}, opts)
		if !slices.Equal(got, tc.want) || answered != tc.answered {
			t.Errorf("optionByForm(%q) = %v, %v; want %v, %v", tc.msg, got, answered, tc.want, tc.answered)
		}
	}
}

// TestLeanOf checks what a message leans on, on plain readings: whether
// its own words match well, and whether the page being discussed is about
// one of them, are givens, asked only when they decide.
func TestLeanOf(t *testing.T) {
	terms := func(n int) []string { return slices.Repeat([]string{"w"}, n) }
	for _, tc := range []struct {
		name                        string
		r                           reading
		atNode, saidBefore, ownGood bool
		pageHolds                   bool
		want                        lean
		asks                        bool // whether ownGood must be asked
		asksPage                    bool // whether pageHolds must be asked
	}{
		{"opening request", reading{terms: terms(2)}, false, false, false, false, standsAlone, false, false},
		{"short, matching nothing well", reading{terms: terms(2)}, true, true, false, false, followsUp, true, false},
		{"short, matching well", reading{terms: terms(2)}, true, true, true, false, standsAlone, true, true},
		{"follow-up form", reading{terms: terms(1), followUpForm: true}, true, true, true, false, followsUp, false, false},
		{"long: says what it wants", reading{terms: terms(shortRequest + 1), followUpForm: true}, true, true, false, false, standsAlone, false, false},
		{"no words of its own", reading{followUpForm: true}, true, true, false, false, standsAlone, false, false},
		{"a yes with a story", reading{terms: terms(shortRequest + 2), yesStatement: true}, true, true, false, false, statesSituation, false, false},
		{"a short yes with a story matching well", reading{terms: terms(2), yesStatement: true}, true, true, true, false, statesSituation, true, false},
		{"a yes with a story, nothing said before", reading{terms: terms(shortRequest + 2), yesStatement: true}, true, false, false, false, standsAlone, false, false},
		{"a yes with a story, at no node", reading{terms: terms(3), yesStatement: true}, false, true, false, false, standsAlone, false, false},
		{"a bare reply the page is about", reading{text: "android", terms: terms(1)}, true, true, true, true, repliesBare, true, true},
		{"a bare phrase the page is about", reading{text: "auf dem Mac", terms: terms(1)}, true, true, true, true, repliesBare, true, true},
		{"a bare reply the page is not about", reading{text: "android", terms: terms(1)}, true, true, true, false, standsAlone, true, true},
		{"a bare reply at no node", reading{text: "android", terms: terms(1)}, false, true, true, true, standsAlone, false, false},
		{"a bare question", reading{text: "android?", terms: terms(1), question: true}, true, true, true, true, standsAlone, true, false},
		{"a sentence of two terms", reading{text: "the volume is already all the way up", terms: terms(2)}, true, true, true, true, standsAlone, true, false},
		{"three terms", reading{text: "android tv box", terms: terms(3)}, true, true, true, true, standsAlone, true, false},
		{"a question about the answer", reading{text: "how long does it take?", terms: terms(2), question: true, refersBack: true}, true, true, true, false, followsUp, false, false},
		{"a question about the answer, at no node", reading{text: "how long does it take?", terms: terms(2), question: true, refersBack: true}, false, true, true, false, standsAlone, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked, askedPage := false, false
			got := leanOf(&tc.r, tc.atNode, tc.saidBefore, func() bool { asked = true; return tc.ownGood },
				func() bool { askedPage = true; return tc.pageHolds }, func() bool { return false }, func() bool { return false })
			if got != tc.want || asked != tc.asks || askedPage != tc.asksPage {
				t.Errorf("leanOf = %v (asked: %v, %v), want %v (asked: %v, %v)", got, asked, askedPage, tc.want, tc.asks, tc.asksPage)
			}
		})
	}
}

// TestMissMoves checks the moves for a message that matched no node, on
// plain readings and states.
func TestMissMoves(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    reading
		st   missState
		want []move
	}{
		{"words no page has", reading{terms: []string{"parrot"}}, missState{}, []move{moveSuggest, moveSuggestPage}},
		{"after a rephrase", reading{terms: []string{"parrot"}}, missState{rephrases: 1}, []move{moveSuggest, moveOfferPerson}},
		{"after a rephrase in the pages' words", reading{terms: []string{"booking"}}, missState{rephrases: 1, pageWords: true}, []move{moveSuggest}},
		{"a second miss", reading{terms: []string{"parrot"}}, missState{rephrases: 2}, []move{moveOfferPerson}},
		{"a second miss in the pages' words", reading{terms: []string{"booking"}}, missState{rephrases: 2, pageWords: true}, nil},
		{"another request after topics offered, in the pages' words", reading{terms: []string{"driver", "laptop"}}, missState{rephrases: 1, pageWords: true, offered: true}, []move{moveSuggest, moveOfferPerson}},
		{"a second miss after topics offered", reading{terms: []string{"driver", "laptop"}}, missState{rephrases: 2, pageWords: true, offered: true}, []move{moveOfferPerson}},
		{"a detail of the request missed, in the pages' words", reading{text: "on my iphone", terms: []string{"iphon"}}, missState{rephrases: 2, pageWords: true, detail: true}, []move{moveOfferPerson}},
		{"with an LLM", reading{terms: []string{"parrot"}}, missState{llm: true}, nil},
		{"a yes with a story", reading{terms: []string{"away", "summer"}, lead: ActYes}, missState{}, []move{moveAsYes, moveSuggest, moveSuggestPage}},
		{"no words of its own", reading{text: "1"}, missState{rephrases: 2}, []move{moveGoOn, moveOfferPerson}},
		{"asks for help, says not for what", reading{text: "can you help me?", question: true}, missState{}, []move{moveGoOn, moveSaidAll, moveAskWhat, moveSuggest, moveSuggestPage}},
		{"chat alone", reading{text: "great!", terms: []string{"great"}}, missState{}, []move{moveAnythingElse, moveSuggest, moveSuggestPage}},
		{"chat alone, no praise", reading{text: "hmm ok"}, missState{}, []move{moveGoOn, moveAnythingElse, moveSuggest, moveSuggestPage}},
		{"chat alone, first", reading{text: "hmm"}, missState{first: true}, []move{moveGreet, moveGoOn, moveAnythingElse, moveSuggest, moveSuggestPage}},
		{"a lone question mark, first", reading{text: "?", question: true}, missState{first: true}, []move{moveGreet, moveGoOn, moveAnythingElse, moveSaidAll, moveAskWhat, moveSuggest, moveSuggestPage}},
		{"asks for help, first", reading{text: "can you help me?", question: true}, missState{first: true}, []move{moveGoOn, moveSaidAll, moveAskWhat, moveSuggest, moveSuggestPage}},
		// "I have a question" after an answer: what it is, not that the page said all.
		{"announces a request", reading{text: "I have a question", announces: true}, missState{}, []move{moveGoOn, moveAskWhat, moveSuggest, moveSuggestPage}},
		{"asks whether it may ask", reading{text: "can I ask you something?", question: true, announces: true}, missState{}, []move{moveGoOn, moveAskWhat, moveSuggest, moveSuggestPage}},
		{"chat alone while a question is open", reading{text: "great!", terms: []string{"great"}}, missState{asking: true}, []move{moveSuggest, moveSuggestPage}},
		{"asks for help while a question is open", reading{text: "can you help me?", question: true}, missState{asking: true}, []move{moveGoOn, moveAskWhich, moveSuggest, moveSuggestPage}},
		{"no words of its own, a question open", reading{}, missState{asking: true}, []move{moveGoOn, moveAskWhich, moveSuggest, moveSuggestPage}},
		{"a question with no words to 'is it about this?'", reading{text: "what else can i try?", question: true}, missState{asking: true, yesNo: true}, []move{moveGoOn, moveOwnWords, moveAskWhich, moveSuggest, moveSuggestPage}},
		{"no words, no question, to 'is it about this?'", reading{text: "hmm"}, missState{asking: true, yesNo: true}, []move{moveGoOn, moveAskWhich, moveSuggest, moveSuggestPage}},
		{"a record number", reading{terms: []string{"booking"}, record: true}, missState{}, []move{moveHandOverRecord, moveSuggest, moveSuggestPage}},
		{"a bare record number", reading{text: "SN4P7L2K9J", record: true}, missState{}, []move{moveGoOn, moveHandOverRecord, moveSuggest, moveSuggestPage}},
		{"a node found without the distinctive words", reading{terms: []string{"train", "ahead"}}, missState{doubted: true}, []move{moveAskAbout, moveSuggest, moveSuggestPage}},
		{"the same after a rephrase", reading{terms: []string{"train", "ahead"}}, missState{doubted: true, rephrases: 1}, []move{moveAskAbout, moveSuggest, moveOfferPerson}},
		{"a detail no page has, to 'is it about this?'", reading{terms: []string{"thinkpad"}}, missState{detailOnDoubted: true}, []move{moveShowAsked, moveSuggest, moveSuggestPage}},
		{"a question about the answer", reading{text: "how long does it take?", terms: []string{"long", "take"}, question: true, refersBack: true}, missState{}, nil},
		{"a question about the answer, after a miss", reading{text: "how long does it take?", terms: []string{"long", "take"}, question: true, refersBack: true}, missState{rephrases: 1}, []move{moveOfferPerson}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := missMoves(&tc.r, tc.st); !slices.Equal(got, tc.want) {
				t.Errorf("missMoves = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOkKeepsTheQuestion: a bare "ok" to a question with options asks it
// again rather than saying nothing was found.
func TestOkKeepsTheQuestion(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{})
	s := &Session{}
	first, err := a.Respond(context.Background(), s, "export a report")
	if err != nil || first.Action != Clarification || len(first.Options) < 2 {
		t.Fatalf("opening: %s with %d options, %v", first.Action, len(first.Options), err)
	}
	for _, msg := range []string{"ok", "okay!"} {
		r, err := a.Respond(context.Background(), s, msg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Clarification || len(r.Options) != len(first.Options) || r.NodeID != first.NodeID {
			t.Errorf("%q: %s at %q with %d options (%q), want the question again", msg, r.Action, r.NodeID, len(r.Options), r.Text)
		}
	}
}
