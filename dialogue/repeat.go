package dialogue

// repeatLast is the agent's last reply said again, for a customer who asks
// for it ("can you repeat that?"): the same text, options and sources;
// the conversation stays where it was.
func (a *GraphAgent) repeatLast(s *Session) Reply {
	last := lastAgentTurn(s)
	src := a.sourcesOf(last.NodeID)
	if s.doubtOpen() || suggestedOnMiss(s) {
		src = a.optionSources(s.PendingOptions)
	}
	return Reply{Action: last.Action, Text: last.Text, NodeID: last.NodeID, Options: s.PendingOptions, Sources: src}
}
