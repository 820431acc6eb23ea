package page

import "testing"

// TestRenderMyST: each MyST construct becomes what the other dialects'
// constructs become (see dialects_myst.go).
func TestRenderMyST(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"role with text and target", "In a {ref}`virtual environment <pypug:Creating and using Virtual Environments>` only.", "In a virtual environment only.\n"},
		{"doc role is a link", "See {doc}`installation` and {doc}`the cache <topics/caching>`.", "See [installation](<installation>) and [the cache](<topics/caching>).\n"},
		{"doc role to another project", "{doc}`Guide <pypug:guides/index>`", "Guide\n"},
		{"ref role without text", "Read {ref}`wheel-caching` first.", "Read wheel caching first.\n"},
		{"code roles", "Run {command}`pip` on {file}`~/.cache/pip`, see {mod}`ensurepip`, {class}`~pip.Cache`.", "Run `pip` on `~/.cache/pip`, see `ensurepip`, `Cache`.\n"},
		{"pep and plain roles", "{pep}`517`, {pypi}`keyring`, {term}`wheel <Wheel>`", "PEP 517, keyring, wheel\n"},
		{"role inside a code span stays", "`{ref}`x``and `cup-{version}` lines", "`{ref}`x``and `cup-{version}` lines\n"},
		{"note directive", "Text first.\n```{note}\nThe zip app is experimental.\n```\nMore.", "Text first.\n\n" + nl("Note:") + " The zip app is experimental.\n\nMore.\n"},
		{"note on the fence line", "Text.\n```{tip} Restart it.\n```", "Text.\n\n" + nl("Tip:") + " Restart it.\n\n"},
		{"admonition with a title, colon fence", "Text.\n:::{admonition} Before you start\n:class: tip\nBack up.\n:::", "Text.\n\n" + nl("Before you start:") + " Back up.\n\n"},
		{"seealso", "Text.\n```{seealso}\nThe FAQ.\n```", "Text.\n\n" + nl("See also:") + " The FAQ.\n\n"},
		{"warning keeps its place", "```{warning}\nBack up.\n```\nSteps.", "\n" + nl("Warning:") + " Back up.\n\nSteps.\n"},
		{"note before the section's text", "## A\n```{note}\nN.\n```\nSteps.\n## B", "## A\n\nSteps.\n\n" + nl("Note:") + " N.\n\n## B\n"},
		{"version note", "Text.\n```{versionadded} 20.1\nThe cache dir command.\n```", "Text.\n\nNew in version 20.1: The cache dir command.\n\n"},
		{"version note without text", "Text.\n```{versionadded} 6.0\n\n```", "Text.\n\n\nNew in version 6.0.\n\n\n"},
		{"hidden toctree dropped", "# Commands\n\n```{toctree}\n:maxdepth: 1\n:caption: Managing pip\n:hidden:\n\npip_cache\npip_config\n```\nText.", "# Commands\n\nText.\n"},
		{"toctree: its caption and links", "# Commands\n\n```{toctree}\n:maxdepth: 1\n:caption: Managing pip\n\npip_cache\nConfiguring [it] <pip_config>\nself\ntopics/index\n```\nText.", "# Commands\n\n\nManaging pip\n\n- [Pip cache](<pip_cache>)\n- [Configuring \\[it\\]](<pip_config>)\n- [Topics](<topics/index>)\n\nText.\n"},
		{"toctree with its options as YAML", "```{toctree}\n---\ncaption: Guides\nmaxdepth: 2\n---\ninstall\n```\n```{toctree}\n---\nhidden: true\n---\nsecret\n```", "\nGuides\n\n- [Install](<install>)\n\n"},
		{"nested directives, longer fence outside", "Text.\n````{note}\nOuter\n```{toctree}\na\n```\n````\nDo.", "Text.\n\n" + nl("Note:") + " Outer\n\n- [A](<a>)\n\n\nDo.\n"},
		{"code-block with options", "```{code-block} python\n:caption: setup.py\n:linenos:\n\nimport x\n```", "```python\n\nimport x\n```\n"},
		{"code-block in a colon fence", ":::{code-block} ini\n[global]\n:::", "```ini\n[global]\n```\n"},
		{"literalinclude dropped", "Text.\n```{literalinclude} ../src/x.py\n:lines: 1-3\n```\nMore.", "Text.\nMore.\n"},
		{"yaml options block", "Text.\n```{note}\n---\nclass: x\n---\nN.\n```", "Text.\n\n" + nl("Note:") + " N.\n\n"},
		{"unknown directive stays code, options dropped", "```{pip-cli}\n:a: b\n$ pip install x\n```", "```{pip-cli}\n$ pip install x\n```\n"},
		{"targets and comments dropped", "(wheel-caching)=\n\n## Cache\n% a comment\nText 50%.", "\n## Cache\nText 50%.\n"},
		{"tab-set", "## Install\n````{tab-set}\n```{tab-item} Linux\nA\n```\n```{tab-item} Windows\nB\n```\n````\nAfter.",
			"## Install\n\n\n<h3 role=\"tab\">Linux</h3>\n\nA\n\n\n<h3 role=\"tab\">Windows</h3>\n\nB\n\n\n\n<hr data-tabs-end>\n\nAfter.\n"},
		{"inline tabs", "## Paths\n````{tab} Linux\n```\n~/.cache/pip\n```\n````\n````{tab} Windows\nX\n````",
			"## Paths\n\n<h3 role=\"tab\">Linux</h3>\n\n```\n~/.cache/pip\n```\n\n\n<h3 role=\"tab\">Windows</h3>\n\nX\n\n"},
		{"include directive", "```{include} snippet.md\n:start-after: x\n```\nText.", "included\nText.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := &renderEnv{include: func(string) ([]byte, bool) { return []byte("included"), true }}
			if got := string(renderDialects([]byte(tt.in), env)); got != tt.want {
				t.Errorf("renderDialects(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func TestHasMyST(t *testing.T) {
	for _, plain := range []string{"# Title\n\nA `code` span and 50% off.\n", "f(x)= 1", "```go\nx\n```"} {
		if hasMyST([]byte(plain)) {
			t.Errorf("hasMyST(%q) = true, want false", plain)
		}
	}
	for _, d := range []string{"```{note}\nx\n```", "See {doc}`a`.", "(label)=\n# H", "Text\n% comment", "~~~{code-block}"} {
		if !hasMyST([]byte(d)) {
			t.Errorf("hasMyST(%q) = false, want true", d)
		}
	}
}
