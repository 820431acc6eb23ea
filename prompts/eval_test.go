package prompts

import "testing"

func TestEvalPromptsGolden(t *testing.T) {
	history := []ChatTurn{
		{Role: "user", Text: "I want to cancel my booking."},
		{Role: "agent", Text: "How did you book: online or by phone?"},
		{Role: "user", Text: "By phone."},
	}
	checkGolden(t, []goldenCase{
		{"rag_intent", "rag_intent", RAGIntent{Utterances: []string{"I want to cancel my booking.", "By phone."}}},
		{"rag_respond", "rag_respond", RAGRespond{
			History: history,
			Intent:  "cancel a reservation made by phone",
			Passages: []RAGPassage{
				{Ref: 1, Title: "Cancelling a reservation", Heading: "If you booked by phone", Text: "Call 0570-000-123 (9:00-20:00)."},
				{Ref: 2, Title: "Cancelling a reservation", Heading: "If you booked online", Text: "Open My Reservations."},
			},
		}},
		{"sim_user", "sim_user", SimUser{
			Utterance:   "I want to cancel my booking.",
			HiddenFacts: []Fact{{Key: "reservation_method", Value: "phone"}},
			History:     history[:2],
		}},
		{"sim_user_no_facts", "sim_user", SimUser{Utterance: "My card was charged twice.", History: history[:2]}},
		{"eval_resolvable", "eval_resolvable", EvalJudge{
			Utterance:    "I want to cancel my booking.",
			GoldResponse: "Call the Reservation Center at 0570-000-123.",
			CoreFacts:    []string{"0570-000-123", "Reservation Center"},
			AgentTurns:   []string{"How did you book?", "Call 0570-000-123."},
		}},
		{"eval_escalation", "eval_escalation", EvalJudge{
			Utterance:  "My card was charged twice.",
			AgentTurns: []string{"I'll connect you with our support team."},
		}},
		{"inquiry_utterance", "inquiry_utterance", InquiryUtterance{
			Topic: "Cancelling a reservation", Root: "Cancelling a reservation",
			Leaf: "Cancel a phone reservation", Conditions: []string{"If you booked by phone"},
		}},
	})
}
