package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// viewerGraph is a small image viewer's help center: its page on image
// operations names rotating in its text only, as the print page does in
// passing, and the other pages share its common words ("photo", "image").
func viewerGraph() *graph.Graph {
	const ops, imp, show, prt = "https://help.viewer.example/operations", "https://help.viewer.example/import", "https://help.viewer.example/slideshow", "https://help.viewer.example/print"
	return &graph.Graph{
		Pages: []graph.Page{{URL: ops, Title: "Image operations"}, {URL: imp, Title: "Import photos"}, {URL: show, Title: "Slideshow"}, {URL: prt, Title: "Print"}},
		Nodes: []graph.Node{
			{ID: "ops", Page: ops, Problem: "Image operations", Root: true, Actionable: true,
				Resolution: "Rotate the image left or right with the toolbar buttons, or flip it. A photo from a camera is rotated by the orientation the camera saved: rotate it back by hand."},
			{ID: "import", Page: imp, Problem: "Import photos", Root: true, Actionable: true,
				Resolution: "Connect the camera and pick the photos to copy to a folder."},
			{ID: "show", Page: show, Problem: "Slideshow", Root: true, Actionable: true,
				Resolution: "Show each photo of a folder in turn, full screen."},
			{ID: "print", Page: prt, Problem: "Print", Root: true, Actionable: true,
				Resolution: "Print an image or a photo on paper of any size, rotated to fit the sheet."},
		},
	}
}

// TestLeaderHoldsUnknownWord: one word of the request no page has is the
// customer's wording, and the page that clearly leads on the rest is
// asked about; two such words are a request the pages do not hold
// (leaderHolds).
func TestLeaderHoldsUnknownWord(t *testing.T) {
	for _, tc := range []struct {
		name, say string
		option    string // the one node offered; "" for the not-found reply
	}{
		{"one word no page has", "rotate a photo that is sideways", "ops"},
		{"two words no page has", "rotate a photo that is sideways and smudgy", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkOffersAlone(t, firstReply(t, viewerGraph(), tc.say), tc.option)
		})
	}
}
