package page

import "testing"

// TestVitePressContainers: VitePress' "::: code-group" is a set of tabs,
// each code block a tab labelled by its "[npm]", and what follows the
// group is the section's again; a container kind with a hyphen is one
// kind (before, "code-group" read as a note "-group:" over the code).
func TestVitePressContainers(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"VitePress code group",
			"# Install\n\n## Download\n\n::: code-group\n```sh [npm]\nnpm install app\n```\n\n```sh [yarn]\nyarn add app\n```\n:::\n\n::: warning-box\nNode 18 or later.\n:::\n",
			[]string{"h1 Install", "h2 Download", "h3 tab npm", "p code npm install app", "h3 tab yarn", "p code yarn add app", "p again note Warning box: Node 18 or later."}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBlockLines(t, "md", tc.src, tc.want) })
	}
}
