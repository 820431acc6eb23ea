package prompts

import "testing"

var refundNodes = []PromptNode{
	{ID: "n1", Problem: "refund request", Resolution: "Refunds go back to the original payment method within 5 business days."},
	{ID: "n2", Problem: "refund for a card payment", Condition: "paid by credit card", Resolution: "Open [Orders](https://help.example.com/orders), choose the order and click Request refund."},
	{ID: "n3", Problem: "refund for a voucher", Condition: "paid with a gift voucher"},
}

func TestExtractGolden(t *testing.T) {
	checkGolden(t, []goldenCase{
		{
			golden:   "extract_graph",
			template: "extract_graph",
			data: ExtractGraph{
				Title: "Refunds",
				URL:   "https://help.example.com/refunds",
				Text: "# Refunds\nRefunds go back to the original payment method within 5 business days.\n" +
					"## Paid by credit card\n1. Open [Orders](https://help.example.com/orders), choose the order and click Request refund.",
				MaxDepth: 3,
				MaxNodes: 60,
			},
		},
		{
			golden:   "intents",
			template: "intents",
			data:     Intents{Title: "Refunds", URL: "https://help.example.com/refunds", Nodes: refundNodes, MinIntents: 3, MaxIntents: 6},
		},
		{
			golden:   "actionable",
			template: "actionable",
			data:     Actionable{Title: "Refunds", URL: "https://help.example.com/refunds", Nodes: refundNodes},
		},
	})
}
