package page

import "strings"

// Tab sets led by their own line: a section that shows several sets of
// tabs, each after a line that says what it is for ("To list installed
// packages:" [Unix/macOS | Windows], "To list outdated packages:" [Unix/macOS
// | Windows]), reads as one run of tab headings under the section, the
// lead lines between the sets the section's own text (Block.TabsEnd): a
// question about outdated packages was shown every lead line and asked
// which of three Windows tabs. leadTabSets makes each lead line the
// heading of its set, one level above its tabs, so that each set is a
// section of its own with its tabs as alternatives.

// tabSet is a set of tabs in blocks: its first tab heading and the lead
// line before it (-1 when none).
type tabSet struct {
	first, lead int
}

// leadTabSets rewrites, in place, each section that holds two or more
// sets of tabs, every one led by a paragraph ending in ":": the lead
// becomes a heading at the tabs' level (its colon dropped) and the
// headings of its set, tabs and those within them, go one level down. A
// section with one set, or a set no such line leads, is left as it is.
func leadTabSets(blocks []Block) {
	for i := 0; i < len(blocks); {
		if !blocks[i].Tab || blocks[i].Kind != Heading {
			i++
			continue
		}
		sets, end := tabSetsAt(blocks, i)
		if len(sets) >= 2 && allLed(sets) && blocks[i].Level < 6 {
			level := blocks[i].Level
			for k, s := range sets {
				stop := end
				if k+1 < len(sets) {
					stop = sets[k+1].lead
				}
				for j := s.first; j < stop; j++ {
					if blocks[j].Kind == Heading && blocks[j].Level >= level {
						blocks[j].Level = min(blocks[j].Level+1, 6)
					}
				}
				lead := &blocks[s.lead]
				lead.Kind, lead.Level, lead.Depth, lead.TabsEnd = Heading, level, 0, false
				lead.Text = strings.TrimRight(strings.TrimSpace(lead.Text), ": ")
			}
		}
		i = end
	}
}

// tabSetsAt returns the sets of tabs of the section whose first tab
// heading is blocks[i], and the index where that section's tabs end: the
// next heading above the tabs' level, or at it and no tab, or the end. A
// set closes where the page marks it (Block.TabsEnd), or where a tab
// repeats a label the open set has.
func tabSetsAt(blocks []Block, i int) (sets []tabSet, end int) {
	level := blocks[i].Level
	labels := map[string]bool{}
	end = len(blocks)
	closed := false
	for j := i; j < len(blocks); j++ {
		b := blocks[j]
		if b.TabsEnd {
			closed = true
		}
		if b.Kind != Heading || b.Level > level {
			continue
		}
		if b.Level < level || !b.Tab {
			end = j
			break
		}
		label := strings.ToLower(strings.TrimSpace(b.Text))
		if len(sets) == 0 || closed || labels[label] {
			sets = append(sets, tabSet{first: j, lead: leadLine(blocks, j)})
			clear(labels)
			closed = false
		}
		labels[label] = true
	}
	return sets, end
}

// leadLine returns the index of the paragraph just before blocks[j] when
// it ends in ":" and is no code line or note title, else -1.
func leadLine(blocks []Block, j int) int {
	if j == 0 {
		return -1
	}
	b := blocks[j-1]
	if b.Kind != Paragraph || b.Code || b.NoteTitle || !strings.HasSuffix(strings.TrimSpace(b.Text), ":") {
		return -1
	}
	return j - 1
}

func allLed(sets []tabSet) bool {
	for _, s := range sets {
		if s.lead < 0 {
			return false
		}
	}
	return true
}
