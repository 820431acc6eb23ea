package prompts

import "testing"

func TestDialogueGolden(t *testing.T) {
	history := []DialogueTurn{
		{Role: "user", Text: "I'm getting an error when trying to change my booking"},
		{Role: "agent", Text: "To help with error when changing a reservation, I need to know which of these applies to you:"},
	}
	checkGolden(t, []goldenCase{
		{golden: "dialogue_rewrite", template: "dialogue_rewrite", data: DialogueRewrite{
			History:        history,
			Message:        "what about by phone?",
			CurrentProblem: "Error when changing a reservation",
		}},
		{golden: "dialogue_rewrite_first", template: "dialogue_rewrite", data: DialogueRewrite{
			Message: "I can't find the confirmation code of my reservation",
		}},
		{golden: "dialogue_pick", template: "dialogue_pick", data: DialoguePick{
			History: history,
			Request: "error when changing a booking made by phone",
			Candidates: []DialogueCandidate{
				{ID: "n1", Problem: "Error when changing a reservation", Intents: []string{"I get an error when I change my booking"}},
				{ID: "n2", Problem: "Error when changing a reservation", Condition: "If you booked by phone", Intents: []string{"phone booking change fails"}},
				{ID: "n3", Problem: "Change a reservation"},
			},
		}},
		{golden: "dialogue_reply", template: "dialogue_reply", data: DialogueReply{
			Message:    "by phone",
			Problem:    "Error when changing a reservation",
			Condition:  "If you booked by phone",
			Resolution: "Reservations made by phone can only be changed by phone. Call [Reservations](https://help.example.com/contact) on +1 800 555 0100.",
			Draft:      "If you booked by phone: Reservations made by phone can only be changed by phone. Call [Reservations](https://help.example.com/contact) on +1 800 555 0100.",
		}},
	})
}
