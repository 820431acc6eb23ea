package dialogue

import (
	"fmt"
	"slices"
	"testing"
)

// TestActPolicy checks each row of the policy on plain states: the moves
// made for an act, in the order they are tried.
func TestActPolicy(t *testing.T) {
	var (
		start        = actState{}
		afterAns     = actState{last: Resolution, nodeSays: true}
		followUps    = actState{pending: 2, optionNode: true, last: Resolution, nodeSays: true}
		oneOption    = actState{pending: 1, optionNode: true, last: Clarification, nodeSays: true}
		talkToPerson = actState{pending: 1, last: Clarification} // the not-found reply's option is no node
		question     = actState{pending: 3, optionNode: true, last: Clarification, nodeSays: true}
		bareQuestion = actState{pending: 3, optionNode: true, last: Clarification} // at a heading with no text
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
		{ActNoneOfThese, question, []move{moveNoneOfThose}},
		{ActBotQuestion, question, []move{moveBotAnswer}},
		{ActAck, question, []move{moveAskWhich, moveAnythingElse}},
		{ActAck, followUps, []move{moveAnythingElse}},
		{ActAck, start, []move{moveAnythingElse}},
		{ActYes, oneOption, []move{moveTakeOption}},
		{ActYes, talkToPerson, nil},
		{ActNo, oneOption, []move{moveNotIt, moveAllRight}},
		{ActDontKnow, question, []move{moveForEveryone, moveNoProblem, moveAllRight}},
		{ActDontKnow, bareQuestion, []move{moveNoProblem, moveAllRight}},
		{ActDontKnow, afterAns, []move{moveWhatElse, moveAllRight}},
		{ActDontKnow, start, []move{moveAllRight}},
		{ActYes, followUps, []move{moveGoOn, moveAskWhich}},
		{ActYes, question, []move{moveAskWhich}},
		{ActNo, question, []move{moveAskWhich, moveAllRight}},
		{ActYes, afterAns, []move{moveGoOn, moveWhatElse}},
		{ActYes, start, []move{moveGoOn}},
		{ActNo, afterAns, []move{moveWhatElse, moveAllRight}},
		{ActNo, start, []move{moveAllRight}},
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
