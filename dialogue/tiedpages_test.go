package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestTiedPages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pages []pageEvidence
		want  []int
	}{
		{"two near-tied", []pageEvidence{{0.6, 4}, {0.7, 3.5}}, []int{0, 1}},
		{"best ranked second", []pageEvidence{{0.6, 3.5}, {0.7, 4}, {0.4, 1}}, []int{1, 0}},
		{"a page leads", []pageEvidence{{0.6, 2.7}, {0.3, 0.9}}, nil},
		{"one page", []pageEvidence{{0.6, 4}}, nil},
		{"three near-tied: none stands out", []pageEvidence{{0.6, 4}, {0.6, 3.8}, {0.6, 3.6}}, nil},
		{"best holds too little of the request", []pageEvidence{{0.2, 4}, {0.6, 3.5}}, nil},
		{"none", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tiedPages(tc.pages, 0.25); !slices.Equal(got, tc.want) {
				t.Errorf("tiedPages = %v, want %v", got, tc.want)
			}
		})
	}
}

// headsetGraph is a small desktop help center where a request's words are
// spread over two pages alike: one on using another microphone, one on
// recording a call, each naming the headset, picking and the voice in a
// different section; and pages on drives and the volume.
func headsetGraph() *graph.Graph {
	const mic, record, drives, volume = "https://help.desk.example/mic", "https://help.desk.example/record",
		"https://help.desk.example/drives", "https://help.desk.example/volume"
	return &graph.Graph{
		Pages: []graph.Page{{URL: mic, Title: "Use a different microphone"}, {URL: record, Title: "Record a call"},
			{URL: drives, Title: "Drives"}, {URL: volume, Title: "Volume"}},
		Nodes: []graph.Node{
			{ID: "mic", Page: mic, Problem: "Use a different microphone", Root: true, Actionable: true,
				Resolution: "Plug the headset in. Open the Sound settings and pick it under Input."},
			{ID: "level", Page: mic, Problem: "Check the input level", Actionable: true,
				Resolution: "Speak normally: the level bar moves with your voice."},
			{ID: "record", Page: record, Problem: "Record a call", Root: true, Actionable: true,
				Resolution: "Put the headset on, then pick Record in the call window."},
			{ID: "playback", Page: record, Problem: "Play the recording back", Actionable: true,
				Resolution: "Open it from the call history: you should hear your voice."},
			{ID: "eject", Page: drives, Problem: "Remove a drive safely", Root: true, Actionable: true,
				Resolution: "Eject an external drive before you unplug it."},
			{ID: "volume", Page: volume, Problem: "Change the volume", Root: true, Actionable: true,
				Resolution: "Use the volume keys or the sound menu."},
		},
		Edges: []graph.Edge{{From: "mic", To: "level", Type: graph.Child}, {From: "record", To: "playback", Type: graph.Child}},
	}
}

// TestSuggestTiedPages: a request no section holds enough of, spread over
// two pages near-tied on whole-page evidence, is asked which of the two
// it is about (a question, not an answer), where "please rephrase" gave
// nothing; a request no page holds is still asked to be rephrased.
func TestSuggestTiedPages(t *testing.T) {
	for _, tc := range []struct {
		name, say string
		pages     []string // the pages offered, in any order; none for none
	}{
		{"spread over two pages alike", "my headset isn't picking up my voice",
			[]string{"https://help.desk.example/mic", "https://help.desk.example/record"}},
		{"on no page", "is it going to rain tomorrow in the mountains?", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := headsetGraph()
			r := firstReply(t, g, tc.say)
			pageOf := map[string]string{}
			for _, n := range g.Nodes {
				pageOf[n.ID] = n.Page
			}
			var got []string
			for _, o := range r.Options {
				if o.NodeID != "" { // not "Talk to a person"
					got = append(got, pageOf[o.NodeID])
				}
			}
			slices.Sort(got)
			if r.Action != Clarification || !slices.Equal(got, tc.pages) {
				t.Errorf("got %s, options %+v (%q); want a clarification offering the pages %v", r.Action, r.Options, r.Text, tc.pages)
			}
		})
	}
}
