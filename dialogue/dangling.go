package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/internal/english"
)

// ledSteps reports whether us[lead], the sentence just before the list
// item us[item], leads into numbered steps: the paragraph a procedure opens
// with ("If you have long rows …, you can freeze some rows.") says what the
// steps after it do, and given without them it answers "how do I …?" with
// the why and not the how.
func ledSteps(us []unit, lead, item int) bool {
	return lead == item-1 && us[lead].lineBreak && english.NumberedItem.MatchString(us[item].text)
}

// withoutDanglingLeads drops, from the end of each run of kept sentences,
// one that announces what comes next when what comes next is not kept: a
// lead-in ("What AdGuard VPN does:"), a question the text then answers
// ("How does AdGuard VPN work?"), a table's header row without its rows.
// Said last, each promises the customer a part the reply does not give.
// The reply keeps at least one sentence.
func withoutDanglingLeads(us []unit, keep []bool) {
	kept := 0
	for _, k := range keep {
		if k {
			kept++
		}
	}
	for i := len(us) - 2; i >= 0 && kept > 1; i-- {
		if keep[i] && !keep[i+1] && announces(us, i) {
			keep[i] = false
			kept-- // going back, the sentence before is tried next
		}
	}
}

// announces reports whether us[i] says that what follows it is coming: a
// lead-in ending in a colon, a question, or the first row of a table.
func announces(us []unit, i int) bool {
	t := us[i].text
	if tableRow(t) {
		return (i == 0 || !strings.HasSuffix(us[i-1].text, "|")) && strings.HasPrefix(us[i+1].text, "|")
	}
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：") ||
		strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}

// tableRow reports whether t is a row of a table as the pages' text writes
// one ("| Setting | Description |").
func tableRow(t string) bool { return strings.HasPrefix(t, "|") && strings.HasSuffix(t, "|") }
