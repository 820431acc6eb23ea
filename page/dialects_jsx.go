package page

import (
	"html"
	"regexp"
	"strings"
)

// The components of the MDX sites (Docusaurus, Mintlify, Nextra,
// Fumadocs, Starlight) that carry a page's structure, on lines of their
// own: tabs become tabs (tabHeading), collapsible parts ("<Accordion
// title=…>", an FAQ's question over its answer) the <details> the HTML
// reader makes a sub-section of, and callouts ("<Warning>", "<Callout
// type=…>") labelled notes as admonitions, steps ("<Step title=…>") the
// items of an ordered list, each titled, its text in the item (one
// procedure, not a section per step), and cards ("<Card title=… href=…>",
// an overview's tiles) the items of a list, each a link to the page it
// leads to with its text. Any other component tag is dropped, what it
// encloses kept.

// itemIndent indents a step's or a card's text into its list item.
const itemIndent = "   "

// cards are the components that link to another page as a tile.
var cards = map[string]bool{"Card": true, "Cards.Card": true, "LinkCard": true}

// jsxTag splits a line that is one component tag: its name, whether it
// closes ("</Tabs>") and its attributes.
var jsxTag = regexp.MustCompile(`^<(/?)([A-Z][\w.]*)\s*(.*?)/?>$`)

// jsxItems is a component's items={[…]} attribute (Nextra's and
// Fumadocs' tab labels, in order).
var jsxItems = regexp.MustCompile(`items=\{\[([^\]]*)\]\}`)

// quoted is one quoted string of a list.
var quoted = regexp.MustCompile(`["']([^"']*)["']`)

// calloutKinds are the callout components that are their own kind
// (Mintlify's), as admonition kinds ("Check" says what works: a tip).
var calloutKinds = map[string]string{"Note": "note", "Info": "info", "Tip": "tip", "Warning": "warning", "Danger": "danger", "Check": "tip"}

// typedCallouts are the callout components whose type attribute names
// their kind (Nextra and Fumadocs' Callout, Starlight's Aside, Docusaurus'
// Admonition), and the kinds they write otherwise than admonitions do.
var (
	typedCallouts = map[string]bool{"Callout": true, "Aside": true, "Admonition": true}
	calloutTypes  = map[string]string{"warn": "warning", "error": "danger", "default": "note", "success": "tip"}
)

// collapsibles are the components that show their content on a click,
// headed by their title.
var collapsibles = map[string]bool{"Accordion": true, "Expandable": true}

// componentTag handles a line (s, and t trimmed) that is one component
// tag: those above as they say, any other dropped. Where a tag opens a
// component, the children it encloses, when indented below it, are
// dedented as MkDocs blocks are (dedent): MDX reads no indented code, and
// a site's authors indent a tab's or an accordion's text.
func (r *dialectWriter) componentTag(s, t string) {
	m := jsxTag.FindStringSubmatch(t)
	if m == nil {
		return
	}
	closing, name, rest := m[1] == "/", m[2], m[3]
	selfClosing := strings.HasSuffix(t, "/>")
	if !closing && !selfClosing {
		r.component = r.strip() + indentOf(s)
	}
	attrs := jsxAttrs(rest)
	switch {
	case name == "Tabs" && closing:
		if len(r.tabs) > 0 {
			r.closeTabs()
		}
		r.emit("")
	case name == "Tabs":
		if !selfClosing {
			g := tabGroup{level: r.level, labels: map[string]string{}, item: r.inItem(s)}
			for _, v := range tabValue.FindAllStringSubmatch(rest, -1) {
				kv := map[string]string{v[1]: v[2], v[3]: v[4]}
				g.labels[kv["value"]] = kv["label"]
			}
			if items := jsxItems.FindStringSubmatch(rest); items != nil {
				for _, q := range quoted.FindAllStringSubmatch(items[1], -1) {
					g.items = append(g.items, q[1])
				}
			}
			r.tabs = append(r.tabs, g)
		}
		r.emit("")
	case (name == "TabItem" || name == "Tab" || name == "Tabs.Tab") && closing:
		r.emit("")
	case name == "TabItem" || name == "Tab" || name == "Tabs.Tab":
		r.tabHeading(r.tabLabel(attrs))
	case collapsibles[name] && closing:
		r.closeDetails()
	case collapsibles[name]:
		r.openDetails(attrs["title"])
	case calloutKinds[name] != "" || typedCallouts[name]:
		kind := calloutKinds[name]
		if typedCallouts[name] {
			kind = strings.ToLower(attrs["type"])
			if k, ok := calloutTypes[kind]; ok {
				kind = k
			}
			if kind == "" {
				kind = "note"
			}
		}
		if closing {
			r.closeNote('<')
		} else {
			r.openNote(s, '<', kind, attrs["title"])
		}
	case (name == "Step" || cards[name]) && closing:
		r.flushLabel()
		r.items = max(0, r.items-1)
		r.emit("")
	case name == "Step":
		r.openItem("1. "+collapse(attrs["title"]), selfClosing)
	case cards[name]:
		title := collapse(attrs["title"])
		if href := attrs["href"]; href != "" && title != "" {
			title = "[" + title + "](" + href + ")"
		}
		if d := collapse(attrs["description"]); d != "" {
			title += " – " + d
		}
		r.openItem("- "+title, selfClosing)
	}
}

// tabLabel is the label of a tab whose tag has attrs: its label or title,
// the label its set gives its value, its value, else its set's next item.
func (r *dialectWriter) tabLabel(attrs map[string]string) string {
	var g *tabGroup
	if len(r.tabs) > 0 {
		g = &r.tabs[len(r.tabs)-1]
	}
	label := attrs["label"] + attrs["title"]
	if label == "" && g != nil {
		label = g.labels[attrs["value"]]
	}
	if label == "" {
		label = attrs["value"]
	}
	if g != nil {
		if label == "" && g.next < len(g.items) {
			label = g.items[g.next]
		}
		g.next++
	}
	return label
}

// openDetails opens a collapsible part headed by summary ("" for none) as
// the HTML that the HTML reader makes a sub-section of (collapsible);
// closeDetails closes it.
func (r *dialectWriter) openDetails(summary string) {
	r.flushLabel()
	r.emit("")
	r.emit("<details>")
	r.emit("")
	if summary = collapse(summary); summary != "" {
		r.emit("<summary>" + html.EscapeString(summary) + "</summary>")
		r.emit("")
	}
}

func (r *dialectWriter) closeDetails() {
	r.flushLabel()
	r.emit("")
	r.emit("</details>")
	r.emit("")
}

// openItem writes line, a list item, for a component tag written as one;
// the text it encloses is indented into the item until its closing tag,
// and a self-closing tag encloses none.
func (r *dialectWriter) openItem(line string, selfClosing bool) {
	r.flushLabel()
	r.emit("")
	r.emit(line)
	r.emit("")
	if !selfClosing {
		r.items++
	}
}
