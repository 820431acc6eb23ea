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
}

// tabValue is one {label: 'A', value: 'a'} of a <Tabs values={[...]}>.
var tabValue = regexp.MustCompile(`\{\s*(label|value):\s*['"]([^'"]*)['"]\s*,\s*(label|value):\s*['"]([^'"]*)['"]`)

// hugoTabs handles a line that is only a Hugo tabs shortcode, as the
// common themes write them: {{< tabs items="A,B" >}} or {{< tabpane >}}
// open a set, {{< tab "A" >}} (or header=, title=, name=, else the set's
// next item) opens one tab, written as tabHeading does.
func (r *dialectWriter) hugoTabs(t string) bool {
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
		g := tabGroup{level: r.level}
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
	r.level = r.tabs[len(r.tabs)-1].level
	r.tabs = r.tabs[:len(r.tabs)-1]
	r.tabsClosed = true
}

// tabHeadingLine matches the heading tabHeading writes.
var tabHeadingLine = regexp.MustCompile(`^<h[1-6] role="tab">`)
