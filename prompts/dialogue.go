package prompts

// DialogueTurn is one message of a conversation as the dialogue prompts show it.
type DialogueTurn struct {
	Role string // "user" or "agent"
	Text string
}

// DialogueRewrite is the data of dialogue_rewrite.tmpl: rewrite the customer's
// last message into a self-contained request, using the conversation so far.
type DialogueRewrite struct {
	History []DialogueTurn // earlier turns, oldest first, without Message
	Message string
	// CurrentProblem is the problem the conversation is currently about, if any.
	CurrentProblem string
}

// DialogueCandidate is one knowledge-graph node offered to the model.
type DialogueCandidate struct {
	ID        string
	Problem   string
	Condition string
	Intents   []string
}

// DialoguePick is the data of dialogue_pick.tmpl: choose the candidate node
// that matches the customer's request, or none.
type DialoguePick struct {
	History    []DialogueTurn
	Request    string
	Candidates []DialogueCandidate
}

// DialogueReply is the data of dialogue_reply.tmpl: reword the answer drafted
// from one node for the customer, without changing its content.
type DialogueReply struct {
	Message    string // the customer's last message
	Problem    string
	Condition  string
	Resolution string
	Draft      string // the template reply built from Condition and Resolution
}
