package page

import "strings"

// GitBook writes its blocks as Liquid tags on lines of their own: tabs
// ({% tabs %}, {% tab title="Android" %} … {% endtab %}, {% endtabs %})
// become tabs as Docusaurus' do, and hints ({% hint style="info" %} …
// {% endhint %}) labelled notes as admonitions. Its other tags ({% code %},
// {% stepper %}, {% embed %}, {% content-ref %}) are dropped with what
// they enclose kept, as any Liquid tag is (liquidTags).

// hintKinds are GitBook's hint styles as the admonition kinds they are:
// a "success" hint says what works, a tip.
var hintKinds = map[string]string{"info": "info", "warning": "warning", "danger": "danger", "success": "tip"}

// gitbookBlock handles a line (s, and t trimmed) that is only a GitBook
// tab or hint tag; it reports false for any other line.
func (r *dialectWriter) gitbookBlock(s, t string) bool {
	m := liquidTag.FindStringSubmatch(t)
	if m == nil || len(m[0]) != len(t) {
		return false
	}
	attrs := jsxAttrs(m[2])
	switch m[1] {
	case "tabs":
		r.tabs = append(r.tabs, tabGroup{level: r.level, item: r.inItem(s)})
		r.emit("")
	case "tab":
		r.tabHeading(attrs["title"]) // a tab with no title is text of its set's section
	case "endtab":
		r.emit("")
	case "endtabs":
		if len(r.tabs) > 0 {
			r.closeTabs()
		}
		r.emit("")
	case "hint":
		kind := hintKinds[strings.ToLower(attrs["style"])]
		if kind == "" {
			kind = "info" // GitBook's default style
		}
		r.openNote(s, '%', kind, "")
	case "endhint":
		r.closeNote('%')
	default:
		return false
	}
	return true
}
