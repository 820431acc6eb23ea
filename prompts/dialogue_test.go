package prompts

import "testing"

func TestDialogueGolden(t *testing.T) {
	history := []DialogueTurn{
		{Role: "user", Text: "I'm getting an error when trying to change my booking"},
		{Role: "agent", Text: "To help with error when changing a reservation, I need to know which of these applies to you:"},
	}
	candidates := []DialogueCandidate{
		{ID: "n1", Problem: "Error when changing a reservation", Intents: []string{"I get an error when I modify my booking"}},
		{ID: "n2", Problem: "Error when changing a reservation", Condition: "If you booked by phone", Intents: []string{"phone booking change fails"}},
		{ID: "n3", Problem: "Change a reservation"},
	}
	checkGolden(t, []goldenCase{
		{golden: "dialogue_identify", template: "dialogue_identify", data: DialogueIdentify{
			History:        history,
			Message:        "what about by phone?",
			CurrentProblem: "Error when changing a reservation",
			Candidates:     candidates,
		}},
		{golden: "dialogue_identify_first", template: "dialogue_identify", data: DialogueIdentify{
			Message:    "I can't find the confirmation code of my reservation",
			Candidates: candidates[2:],
		}},
		{golden: "dialogue_select", template: "dialogue_select", data: DialogueSelect{
			Message: "by phone",
			Problem: "Error when changing a reservation",
			Sentences: []DialogueSentence{
				{ID: "s1", Text: "If you booked by phone:"},
				{ID: "s2", Text: "Reservations made by phone can only be changed by phone."},
				{ID: "s3", Text: "Call [Reservations](https://help.example.com/contact) on +1 800 555 0100."},
			},
		}},
	})
}
