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
