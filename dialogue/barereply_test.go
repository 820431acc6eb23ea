package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// installerGraph is an app's help: the page on installer errors, one of
// whose sections is about Windows's own installer, beside a page on
// collecting Windows's system logs and one on Linux.
func installerGraph() *graph.Graph {
	const (
		installer = "https://help.app.example/installer-errors"
		logs      = "https://help.app.example/windows-logs"
		linux     = "https://help.app.example/linux"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: installer, Title: "Common installer errors"}, {URL: logs, Title: "How to collect Windows system logs"},
			{URL: linux, Title: "Linux"}},
		Nodes: []graph.Node{
			{ID: "errors", Page: installer, Problem: "Common installer errors", Root: true, Actionable: true,
				Resolution: "If the installer stops with an error, find the error's number below."},
			{ID: "error-1601", Page: installer, Problem: "Error 1601: Windows Installer is not accessible", Actionable: true,
				Resolution: "Restart the Windows Installer service, then run the setup file again."},
			{ID: "error-other", Page: installer, Problem: "Other errors", Actionable: true,
				Resolution: "Send us the installer log from the temporary folder: we will find what failed."},
			{ID: "system-logs", Page: logs, Problem: "Collecting Windows system logs", Root: true, Actionable: true,
				Resolution: "Open the Event Viewer and save the application log: it records what failed, the installer among others."},
			{ID: "linux", Page: linux, Problem: "Linux", Root: true, Actionable: true,
				Resolution: "The app runs on Ubuntu and Fedora."},
		},
		Edges: []graph.Edge{{From: "errors", To: "error-1601", Type: graph.Child}, {From: "errors", To: "error-other", Type: graph.Child}},
	}
}

// TestBareReplyStaysWithTheRequest: after an answer, a bare reply
// ("windows", "on Windows") names the case of the request when the page
// being discussed has a section about it: it is answered there, ranked
// with the request's words, not from another page about that word whose
// text has some of the earlier words too. A word the page has no section
// about, or a question, is read as before.
func TestBareReplyStaysWithTheRequest(t *testing.T) {
	const first = "the installer failed, how do I get the install log"
	for _, tc := range []struct{ then, node string }{
		{"windows", "error-1601"},
		{"on Windows", "error-1601"},
		{"linux", "linux"},
		{"where are the windows system logs?", "system-logs"},
	} {
		t.Run(tc.then, func(t *testing.T) {
			checkSecondTurn(t, installerGraph(), first, "error-other", tc.then, Resolution, tc.node)
		})
	}
}
