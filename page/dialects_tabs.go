package page

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// Tabs: a set of tabs (Docusaurus <Tabs>/<TabItem>, MkDocs Material
// "=== ", Hugo's tabs shortcodes) is written as one heading per tab, one
// level below the section it is in, marked as a tab (Block.Tab): the
// tabs are alternatives of which a reader needs one.

// tabGroup is an open <Tabs> (or Hugo tabs shortcode): the heading level
// it is under, the labels its values={[{label, value}]} attribute gives
// its tabs by value, and for Hugo the labels of its items="A,B" by order.
type tabGroup struct {
	level  int
	labels map[string]string
	items  []string
	next   int // the Hugo tabs opened so far
	// item is the content indent of the list item the set is in (a
	// step's command for each system), 0: none.
	item int
}

// tabValue is one {label: 'A', value: 'a'} of a <Tabs values={[...]}>.
var tabValue = regexp.MustCompile(`\{\s*(label|value):\s*['"]([^'"]*)['"]\s*,\s*(label|value):\s*['"]([^'"]*)['"]`)

// hugoTabs handles a line (s, and t trimmed) that is only a Hugo tabs
// shortcode, as the common themes write them: {{< tabs items="A,B" >}} or
// {{< tabpane >}} open a set, {{< tab "A" >}} (or header=, title=, name=,
// else the set's next item) opens one tab, written as tabHeading does.
func (r *dialectWriter) hugoTabs(s, t string) bool {
	m := hugoShortcode.FindStringSubmatch(t)
	if m == nil || len(m[0]) != len(t) {
		return false
	}
	closing, name, args := m[2] == "/", m[3], m[4]
	switch {
	case (name == "tabs" || name == "tabpane") && closing:
		if len(r.tabs) > 0 {
			r.closeTabs()
		}
		r.emit("")
	case name == "tabs" || name == "tabpane":
		g := tabGroup{level: r.level, item: r.inItem(s)}
		for _, a := range shortcodeAttr.FindAllStringSubmatch(args, -1) {
			if a[1] == "items" {
				for _, it := range strings.Split(a[2], ",") {
					g.items = append(g.items, strings.TrimSpace(it))
				}
			}
		}
		r.tabs = append(r.tabs, g)
		r.emit("")
	case name == "tab" && closing:
		r.emit("")
	case name == "tab":
		label := ""
		if q := quotedArg.FindStringSubmatch(args); q != nil {
			label = q[1]
		}
		for _, a := range shortcodeAttr.FindAllStringSubmatch(args, -1) {
			if label == "" && (a[1] == "header" || a[1] == "title" || a[1] == "name") {
				label = a[2]
			}
		}
		if len(r.tabs) > 0 {
			g := &r.tabs[len(r.tabs)-1]
			if label == "" && g.next < len(g.items) {
				label = g.items[g.next]
			}
			g.next++
		}
		r.tabHeading(label)
	default:
		return false
	}
	return true
}

// tabHeading writes a tab's label as a heading one level below the
// section it is in, so that each tab is a labelled alternative: an HTML
// heading with the role of a tab, which the HTML reader marks (Block.Tab).
func (r *dialectWriter) tabHeading(label string) {
	r.flushLabel()
	label = collapse(label)
	if label == "" {
		return
	}
	if item := r.tabsItem(); item > 0 {
		// In a list item a heading would end the list: the label is a
		// line of the item, as the HTML reader reads it (Block.Tab).
		r.emit("")
		r.emit(strings.Repeat(" ", item) + `<p role="tab">` + html.EscapeString(label) + ":</p>")
		r.emit("")
		return
	}
	under := r.level
	if len(r.tabs) > 0 {
		under = r.tabs[len(r.tabs)-1].level
	}
	level := min(under+1, 6)
	r.emit("")
	r.emit(fmt.Sprintf(`<h%d role="tab">%s</h%d>`, level, html.EscapeString(label), level))
	r.emit("")
}

// closeTabs closes the innermost set of tabs: the next line that is not
// a tab (sphinx-inline-tabs writes each tab as a set of its own) nor a
// heading is the section's again, and write marks it (tabsEndMark).
func (r *dialectWriter) closeTabs() {
	g := r.tabs[len(r.tabs)-1]
	r.level = g.level
	r.tabs = r.tabs[:len(r.tabs)-1]
	r.tabsClosed = g.item == 0 // tabs in a list item wrote no heading to end
}

// listItemLine matches a Markdown list item's marker and the spaces after
// it, indent first.
var listItemLine = regexp.MustCompile(`^(\s*)([-*+]|\d{1,9}[.)])( {1,4}|\t)\S`)

// trackItem notes the list item a line of text s (dedented) opens or goes
// on in (dialectWriter.item): an item's marker opens one, a line indented
// less than its content ends it.
func (r *dialectWriter) trackItem(s string) {
	if m := listItemLine.FindStringSubmatch(s); m != nil {
		r.item = indentOf(m[1]) + len(m[2]) + indentOf(m[3])
		return
	}
	if strings.TrimSpace(s) != "" && indentOf(s) < r.item {
		r.item = 0
	}
}

// inItem returns the content indent of the list item a set of tabs whose
// opening line is s (dedented) is written in, 0 when it opens outside any.
func (r *dialectWriter) inItem(s string) int {
	if r.item > 0 && indentOf(s) >= r.item {
		return r.item
	}
	return 0
}

// tabsItem returns the content indent of the list item the innermost
// open set of tabs is in, 0: none or outside any.
func (r *dialectWriter) tabsItem() int {
	if r.mkdocsTab > 0 && r.mkdocsTabItem > 0 {
		return r.mkdocsTabItem
	}
	if len(r.tabs) > 0 {
		return r.tabs[len(r.tabs)-1].item
	}
	return 0
}

// tabHeadingLine matches the heading tabHeading writes.
var tabHeadingLine = regexp.MustCompile(`^<h[1-6] role="tab">`)
