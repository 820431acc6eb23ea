package prompts

// Data for the simulated-evaluation prompts: the RAG baseline (rag_*), the
// simulated user (sim_*), the evaluator (eval_*) and inquiry generation
// (inquiry_*).

// ChatTurn is one message of a conversation as prompts show it.
type ChatTurn struct {
	Role string // "user" or "agent"
	Text string
}

// Fact is one thing the simulated user knows.
type Fact struct {
	Key   string
	Value string
}

// RAGPassage is one retrieved passage shown to the RAG baseline.
type RAGPassage struct {
	Ref     int // 1-based number the model cites
	Title   string
	Heading string
	Text    string
}

// RAGIntent renders rag_intent: extract the core user intent.
type RAGIntent struct {
	Utterances []string
}

// RAGRespond renders rag_respond: choose an action and phrase the reply
// from the retrieved passages only.
type RAGRespond struct {
	History  []ChatTurn
	Intent   string
	Passages []RAGPassage
}

// SimUser renders sim_user: the user-LLM deciding whether to continue and
// what to say next.
type SimUser struct {
	Utterance   string // the user's first message
	HiddenFacts []Fact
	History     []ChatTurn
}

// EvalJudge renders eval_resolvable and eval_escalation: label one dialogue.
type EvalJudge struct {
	Utterance    string
	GoldResponse string
	CoreFacts    []string
	AgentTurns   []string
}

// InquiryUtterance renders inquiry_utterance: a vague first message for a
// generated inquiry.
type InquiryUtterance struct {
	Topic      string
	Root       string
	Leaf       string
	Conditions []string
}
