package page

import (
	"bytes"
	"strings"
	"testing"
)

// TestExpandEntities: a DOCTYPE's entities are replaced before parsing,
// markup and all, their text alone in a tag; what is not the file's own
// DOCTYPE, or expands without bound, is left as it is.
func TestExpandEntities(t *testing.T) {
	files := map[string]string{
		"a.dtd":      `<!ENTITY % inner SYSTEM "sub/b.dtd"> %inner; <!ENTITY name "Outer">`,
		"sub/b.dtd":  `<!ENTITY name "<application>Ledger</application>"> <!ENTITY % c SYSTEM "c.dtd"> %c;`,
		"sub/c.dtd":  `<!ENTITY deep "from c">`,
		"loop.dtd":   `<!ENTITY % again SYSTEM "loop.dtd"> %again; <!ENTITY looped "yes">`,
		"params.dtd": `<!ENTITY % item "<guimenuitem>Save</guimenuitem>"> <!ENTITY gmi.save "%item;">`,
	}
	load := mapDTD(files)
	tests := []struct {
		name, raw, want string
	}{
		{"subset, markup kept",
			`<!DOCTYPE a [<!ENTITY x "<b>X</b> &y;"><!ENTITY y "why">]><a>&x;</a>`,
			`<a><b>X</b> why</a>`},
		{"in a tag, its text",
			`<!DOCTYPE a [<!ENTITY u "<i>https://e.com/</i>">]><a href="&u;faq">&u;</a>`,
			`<a href="https://e.com/faq"><i>https://e.com/</i></a>`},
		{"a file, a file it includes relative to it, the first declaration holding",
			`<?xml version="1.0"?><!-- a comment --><!DOCTYPE a SYSTEM "a.dtd"><a>&name; &deep;</a>`,
			`<a><application>Ledger</application> from c</a>`},
		{"the subset over the file",
			`<!DOCTYPE a SYSTEM "a.dtd" [<!ENTITY name "Inner">]><a>&name;</a>`,
			`<a>Inner</a>`},
		{"a file including itself, read a bounded number of times",
			`<!DOCTYPE a SYSTEM "loop.dtd"><a>&looped;</a>`,
			`<a>yes</a>`},
		{"a parameter entity in a value",
			`<!DOCTYPE a SYSTEM "params.dtd"><a>&gmi.save;</a>`,
			`<a><guimenuitem>Save</guimenuitem></a>`},
		{"undeclared and HTML entities left to the parser",
			`<!DOCTYPE a [<!ENTITY x "X">]><a>&x; &amp; &nbsp; &other;</a>`,
			`<a>X &amp; &nbsp; &other;</a>`},
		{"markup written escaped, for HTML output, is no text",
			`<!DOCTYPE a [<!ENTITY newpara "&lt;/p&gt;&lt;p&gt;"><!ENTITY linkstart "&lt;a href="><!ENTITY linkmid ' target="_top"&gt;'>]>` +
				`<a>One.&newpara;More: &linkstart;"https://e.com"&linkmid;E&newpara;</a>`,
			`<a>One.More: "https://e.com"E</a>`},
		{"a DOCTYPE in a comment is no DOCTYPE",
			`<!-- <!DOCTYPE a [<!ENTITY x "X">]> --><a>&x;</a>`,
			``},
		{"no DOCTYPE", `<a>&x;</a>`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(expandEntities([]byte(tt.raw), load))
			if tt.want == "" {
				if got != tt.raw {
					t.Errorf("expanded to %q, want it as it is", got)
				}
				return
			}
			if !strings.HasSuffix(got, tt.want) {
				t.Errorf("got %q, want it to end %q", got, tt.want)
			}
		})
	}
}

// mapDTD is DTD files by path, what a DOCTYPE declares worked out each time.
type mapDTD map[string]string

func (m mapDTD) read(file string) (string, bool) {
	text, ok := m[file]
	return text, ok
}

func (mapDTD) declared(_ string, declare func() map[string]string) map[string]string {
	return declare()
}

// TestExpandEntitiesBounded: entities that name each other many times
// over (the "billion laughs") expand to a bounded size, or not at all;
// a parameter entity naming itself, and ampersands that start no
// reference, cost bounded work (without the bounds, this test does not
// end).
func TestExpandEntitiesBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE a [<!ENTITY l0 "lol">`)
	for i := 1; i < 10; i++ {
		b.WriteString(`<!ENTITY l` + string(rune('0'+i)) + ` "` + strings.Repeat("&l"+string(rune('0'+i-1))+";", 10) + `">`)
	}
	b.WriteString(`]><a>` + strings.Repeat("&l9;", 1000) + `</a>`)
	raw := []byte(b.String())
	got := expandEntities(raw, nil)
	if limit := maxExpansion*len(raw) + maxEntityValue; len(got) > limit {
		t.Errorf("expanded to %d bytes, limit %d", len(got), limit)
	}
	if _, err := readXMLTree(raw, 10, nil, nil); err != nil {
		t.Errorf("readXMLTree: %v", err)
	}
	// A parameter entity that names itself ten times over is read again
	// each time it is named: bounded by the work done, not the depth
	// alone (ten to the sixteenth reads), and what comes after it holds.
	bomb := []byte(`<!DOCTYPE a [<!ENTITY % a "%a;%a;%a;%a;%a;%a;%a;%a;%a;%a;"> %a; <!ENTITY x "X">]><a>&x;</a>`)
	if got := string(expandEntities(bomb, nil)); !strings.HasSuffix(got, "<a>X</a>") {
		t.Errorf("after a parameter entity naming itself: %q", got)
	}
	// A file of many ampersands that start no reference is read once.
	amps := []byte(`<!DOCTYPE a [<!ENTITY x "X">]><a>` + strings.Repeat("& ", 200000) + `&x;</a>`)
	if got := expandEntities(amps, nil); !bytes.HasSuffix(got, []byte("X</a>")) {
		t.Errorf("after many ampersands: %q", got[len(got)-20:])
	}
}
