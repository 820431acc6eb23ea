package kgbuild

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// TestBuildSkipsPagesMadeOfOthers: a page that holds five other pages
// whole, each under its title (a documentation's all-in-one page), is left
// out as generated; a hub that opens each of its sections with another
// page's first sentence is a page.
func TestBuildSkipsPagesMadeOfOthers(t *testing.T) {
	names := []string{"Backups", "Printing", "Sharing", "Accounts", "Updates"}
	page1 := func(name string) string {
		return fmt.Sprintf(`%s keeps your %s settings in one place and applies them on every device you sign in to.
## Turning it on
Open Settings and switch %s on.
## Turning it off
Open Settings and switch %s off.`, name, name, name, name)
	}
	var docs []*page.Document
	all, hub := "Everything in one page.\n", "What each part is for.\n"
	for _, n := range names {
		docs = append(docs, docFrom(t, "https://h.example/"+n, n, page1(n)))
		all += "## " + n + "\n" + strings.ReplaceAll(page1(n), "## ", "### ") + "\n"
		hub += "## " + n + "\n" + fmt.Sprintf("%s keeps your %s settings in one place and applies them on every device you sign in to. See its page.\n### Where to find it\nIn Settings, under %s.", n, n, n) + "\n"
	}
	docs = append(docs, docFrom(t, "https://h.example/all", "Everything", all), docFrom(t, "https://h.example/hub", "Overview", hub))
	rep, err := (&Builder{Store: openStore(t), Extractor: NewStructural()}).Build(context.Background(), docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Skipped, []string{"https://h.example/all"}) || rep.PagesOK != len(names)+1 {
		t.Errorf("skipped %q, %d pages ok; want the all-in-one page alone skipped, the hub kept:\n%s", rep.Skipped, rep.PagesOK, rep)
	}
}
