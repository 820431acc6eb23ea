package page

import "testing"

// TestIconNameInLead: an icon's name, dropped with its picture, goes to the
// sentence that leads into the icon, so that "click:" says what to click.
func TestIconNameInLead(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"a colon lead, the icon in a block of its own after an anchor",
			`<p>Select the cells, then:</p><p>In the Formatting toolbar, click:</p><div class="embedded"><a name="sy"></a>
<div class="icontable"><div class="iconcell"><p><img src="m.svg" alt="Icon Merge Cells"></p></div><div class="iconcell"><p>Merge Cells</p></div></div></div><p>Or choose Format - Merge Cells.</p>`,
			"Select the cells, then:In the Formatting toolbar, click: Merge Cells Or choose Format - Merge Cells."},
		{"two icons after one lead make a list",
			`<p>On the Table bar, click</p><div><div><img src="a.svg" alt=""></div><div><p>Merge Cells</p></div></div><div><div><img src="b.svg" alt=""></div><div><p>Split Cells</p></div></div>`,
			"On the Table bar, click Merge Cells, Split Cells"},
		{"a finished sentence before the icon takes no name",
			`<p>The button is on the Standard bar.</p><div><div><img src="a.svg" alt=""></div><div><p>Image</p></div></div>`,
			"The button is on the Standard bar."},
		{"a heading before the icon takes no name",
			`<h2>Toolbar</h2><div><div><img src="a.svg" alt=""></div><div><p>Image</p></div></div>`,
			"Toolbar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := xhpBody(t, tt.html); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}
