package dialogue

// suggestedOnMiss reports whether the options pending in s were suggested
// for a request that matched nothing (suggest: no node is being discussed
// nor doubted), not a node's situations or a doubted node. That miss is
// counted already: saying none of them fits ("no" to "Is it about this?",
// "none of those") is the same miss, not a second one, and the customer is
// asked to put it in other words before a person is called in; handing
// over at once would leave a request said once, perhaps resolvable, to a
// person. (Not knowing whether a suggestion fits still hands over: the
// customer cannot tell, and asking again would be a guess.)
func suggestedOnMiss(s *Session) bool {
	return len(s.PendingOptions) > 0 && s.CurrentNode == "" && s.Doubted == ""
}
