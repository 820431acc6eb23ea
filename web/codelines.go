package web

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A help page's code block reaches a reply as lines that are each one code
// span and nothing else (kgbuild writes it so: a reply is cut by lines, and
// a line is never cut inside). Shown as they parse, they are inline code
// one under the other; codeLines shows a run of them as the block they
// were on the page: set apart, monospace, each line as it stands, and a
// line too long for the bubble scrolls inside the block.

// codeLinesBlock is a run of lines of code, each as it stands.
type codeLinesBlock struct {
	ast.BaseBlock
	lines []string
}

var kindCodeLines = ast.NewNodeKind("CodeLines")

func (n *codeLinesBlock) Kind() ast.NodeKind { return kindCodeLines }

func (n *codeLinesBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Lines": strings.Join(n.lines, "\\n")}, nil)
}

// codeLines is the goldmark extension: the transformer that finds the runs
// and the renderer that writes each as <pre><code>.
type codeLines struct{}

func (codeLines) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(codeLines{}, 500)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(codeLines{}, 500)))
}

func (codeLines) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCodeLines, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<pre><code>" + html.EscapeString(strings.Join(n.(*codeLinesBlock).lines, "\n")) + "</code></pre>\n")
		}
		return ast.WalkSkipChildren, nil
	})
}

// Transform splits every paragraph (and a tight list item's text) that
// holds lines of code alone into its text before, the run of code lines
// as one block, and its text after.
func (codeLines) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	if !bytes.Contains(src, []byte("`")) {
		return
	}
	var blocks []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindParagraph, ast.KindTextBlock:
			blocks = append(blocks, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, b := range blocks {
		splitCodeLines(b, src)
	}
}

// inlineLine is one line of a paragraph: its inline nodes, and the code it
// holds when it is one code span alone.
type inlineLine struct {
	nodes  []ast.Node
	code   string
	isCode bool
}

// splitCodeLines replaces block, a paragraph or a list item's text, by its
// runs of text lines and of code lines, when it has code lines. A list
// item's first line that is code alone ("- `--verbose`") is the item's
// name, inline: it stays.
func splitCodeLines(block ast.Node, src []byte) {
	parent := block.Parent()
	lines := inlineLines(block, src)
	if parent.Kind() == ast.KindListItem && block.PreviousSibling() == nil && len(lines) > 0 {
		lines[0].isCode = false
	}
	hasCode := false
	for _, l := range lines {
		hasCode = hasCode || l.isCode
	}
	if !hasCode {
		return
	}
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j].isCode == lines[i].isCode {
			j++
		}
		if lines[i].isCode {
			run := &codeLinesBlock{lines: blockLines(lines[i:j])}
			if len(run.lines) > 0 {
				parent.InsertBefore(parent, block, run)
			}
		} else {
			var text ast.Node = ast.NewParagraph()
			if block.Kind() == ast.KindTextBlock {
				text = ast.NewTextBlock()
			}
			for _, l := range lines[i:j] {
				for _, n := range l.nodes {
					text.AppendChild(text, n)
				}
			}
			// The run's last line break is the block's end, no <br>.
			if t, ok := text.LastChild().(*ast.Text); ok {
				t.SetSoftLineBreak(false)
				t.SetHardLineBreak(false)
			}
			parent.InsertBefore(parent, block, text)
		}
		i = j
	}
	parent.RemoveChild(parent, block)
}

// blockLines is the code of a run of code lines, a blank line of code
// (lexical.BlankCode: a blank line inside the page's block) empty, and
// none at the run's ends, where an excerpt may have cut the block.
func blockLines(run []inlineLine) []string {
	var out []string
	for _, l := range run {
		code := l.code
		if strings.TrimSpace(code) == "" {
			code = ""
		}
		out = append(out, code)
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// inlineLines cuts block's inline nodes into its lines: a line ends with
// a text node that breaks it.
func inlineLines(block ast.Node, src []byte) []inlineLine {
	var out []inlineLine
	var cur inlineLine
	spans := 0
	other := false
	end := func() {
		cur.isCode = spans == 1 && !other
		out = append(out, cur)
		cur, spans, other = inlineLine{}, 0, false
	}
	for n := block.FirstChild(); n != nil; n = n.NextSibling() {
		cur.nodes = append(cur.nodes, n)
		switch t := n.(type) {
		case *ast.CodeSpan:
			spans++
			cur.code = codeSpanText(t, src)
		case *ast.Text:
			if len(bytes.TrimSpace(t.Segment.Value(src))) > 0 {
				other = true
			}
			if t.SoftLineBreak() || t.HardLineBreak() {
				end()
			}
		default:
			other = true
		}
	}
	if len(cur.nodes) > 0 {
		end()
	}
	return out
}

// codeSpanText is the code a code span holds.
func codeSpanText(span *ast.CodeSpan, src []byte) string {
	var b strings.Builder
	for c := span.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
		case *ast.String:
			b.Write(t.Value)
		}
	}
	return b.String()
}
