package prompts

// ExtractGraph is the data of extract_graph.tmpl: one cleaned help page to
// turn into a problem/condition/resolution tree.
type ExtractGraph struct {
	Title string
	URL   string
	// Text is the cleaned page (page.Document.Text): resolutions must be
	// copied from it verbatim.
	Text string
	// MaxDepth is how many levels of children may hang below the root.
	MaxDepth int
	// MaxNodes bounds the whole tree, root included.
	MaxNodes int
}

// PromptNode is one extracted node as the intents and actionable prompts
// show it. ID is a short label (n1, n2...) the answer must echo.
type PromptNode struct {
	ID         string
	Problem    string
	Condition  string
	Resolution string
}

// Intents is the data of intents.tmpl: a page's nodes, each to be given
// MinIntents to MaxIntents user utterances.
type Intents struct {
	Title      string
	URL        string
	Nodes      []PromptNode
	MinIntents int
	MaxIntents int
}

// Actionable is the data of actionable.tmpl: a page's nodes, each to be
// judged on whether its resolution alone lets the user solve the problem.
type Actionable struct {
	Title string
	URL   string
	Nodes []PromptNode
}
