package kgbuild

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ShownPerGroup is how many lines of one kind a summary shows before
// "and N more like this".
const ShownPerGroup = 10

var (
	quoted = regexp.MustCompile(`"[^"]*"|'[^']*'`)
	number = regexp.MustCompile(`\d+`)
)

// kindOf reduces an error message to its kind, so that failures that differ
// only in a quoted name or a number group together.
func kindOf(msg string) string {
	return number.ReplaceAllString(quoted.ReplaceAllString(msg, `"…"`), "N")
}

// writeFailures writes failed pages grouped by kind of error, the largest
// group first, at most ShownPerGroup lines of each.
func writeFailures(sb *strings.Builder, failed []PageFailed) {
	groups := map[string][]PageFailed{}
	var order []string
	for _, f := range failed {
		k := kindOf(f.Error)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	slices.SortStableFunc(order, func(a, b string) int { return len(groups[b]) - len(groups[a]) })
	for _, k := range order {
		g := groups[k]
		for _, f := range g[:min(len(g), ShownPerGroup)] {
			fmt.Fprintf(sb, "failed: %s: %s\n", f.URL, f.Error)
		}
		if n := len(g) - ShownPerGroup; n > 0 {
			fmt.Fprintf(sb, "failed: and %d more like this\n", n)
		}
	}
	if len(order) > 0 {
		fmt.Fprintf(sb, "failed: %d pages in all, %d kinds of failure\n", len(failed), len(order))
	}
}

// writeRemoved writes the removed pages, at most ShownPerGroup of them.
func writeRemoved(sb *strings.Builder, removed []string) {
	for _, p := range removed[:min(len(removed), ShownPerGroup)] {
		fmt.Fprintf(sb, "removed: %s\n", p)
	}
	if n := len(removed) - ShownPerGroup; n > 0 {
		fmt.Fprintf(sb, "removed: and %d more\n", n)
	}
}

// writeSkipped writes the pages skipped as generated, at most ShownPerGroup
// of them, on one line: what a build left out on purpose, said once.
func writeSkipped(sb *strings.Builder, skipped []string) {
	if len(skipped) == 0 {
		return
	}
	shown := strings.Join(skipped[:min(len(skipped), ShownPerGroup)], ", ")
	if n := len(skipped) - ShownPerGroup; n > 0 {
		shown += fmt.Sprintf(" and %d more", n)
	}
	pages := "pages"
	if len(skipped) == 1 {
		pages = "page"
	}
	fmt.Fprintf(sb, "skipped: %d %s a documentation tool generated (indexes, search pages, redirects): %s\n", len(skipped), pages, shown)
}
