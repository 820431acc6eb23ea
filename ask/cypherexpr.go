package ask

import (
	"fmt"
	"strings"
)

// Expressions of the guard's grammar (cypherparse.go): operators by
// precedence, then atoms. Function calls are allowed by name only
// (allowedFunctions); EXISTS and COUNT subqueries are parsed as queries.

func (p *parser) exprList() {
	p.argument()
	for p.err == nil && p.accept(",") {
		p.argument()
	}
}

// argument is a function argument: an expression or a lambda (x -> …,
// (x, y) -> …).
func (p *parser) argument() {
	if p.isVariable(p.peek()) && tokIs(p.peekN(1), "-") && tokIs(p.peekN(2), ">") {
		p.i += 3
		p.expr()
		return
	}
	if p.is("(") {
		j := p.i + 1
		for j+1 < len(p.toks) && p.isVariable(p.toks[j]) && tokIs(p.toks[j+1], ",") {
			j += 2
		}
		if j+3 < len(p.toks) && p.isVariable(p.toks[j]) && tokIs(p.toks[j+1], ")") && tokIs(p.toks[j+2], "-") && tokIs(p.toks[j+3], ">") {
			p.i = j + 4
			p.expr()
			return
		}
	}
	p.expr()
}

func (p *parser) expr() {
	if !p.enter() {
		return
	}
	defer p.leave()
	p.binary(0)
}

// binaryLevels are the infix operators by increasing precedence.
var binaryLevels = [][]string{
	{"OR"}, {"XOR"}, {"AND"}, nil, // NOT is a prefix at level 3
	{"=", "<>", "<", "<=", ">", ">="},
	{"+", "-"},
	{"*", "/", "%"},
	{"^"},
}

func (p *parser) binary(level int) {
	if level == len(binaryLevels) {
		p.unary()
		return
	}
	if binaryLevels[level] == nil {
		for p.accept("NOT") {
		}
		p.binary(level + 1)
		return
	}
	p.binary(level + 1)
	for p.err == nil {
		matched := false
		for _, op := range binaryLevels[level] {
			if p.accept(op) {
				matched = true
				break
			}
		}
		if !matched {
			return
		}
		p.binary(level + 1)
	}
}

func (p *parser) unary() {
	for p.accept("-") || p.accept("+") {
	}
	p.postfix()
}

// postfix parses an atom and what may follow it: property lookups,
// indexes and slices, and the string, list and null operators.
func (p *parser) postfix() {
	p.atom()
	for p.err == nil {
		switch {
		case p.accept("."):
			t := p.peek()
			p.name()
			if p.is("(") && p.err == nil {
				p.err = &RefusedError{Err: ErrReadOnly, Reason: fmt.Sprintf("function …%s is not one a question may use %s", t.text, where(p.src, t.pos))}
			}
		case p.accept("["):
			if !p.is("..") && !p.is(":") {
				p.expr()
			}
			if p.accept("..") || p.accept(":") {
				if !p.is("]") {
					p.expr()
				}
			}
			p.expect("]")
		case p.accept("IS"):
			p.accept("NOT")
			p.expect("NULL")
		case p.accept("IN"), p.accept("CONTAINS"), p.accept("=~"):
			p.unary()
		case p.accept("STARTS"), p.accept("ENDS"):
			p.expect("WITH")
			p.unary()
		default:
			return
		}
	}
}

func (p *parser) atom() {
	if !p.enter() {
		return
	}
	defer p.leave()
	t := p.peek()
	switch t.kind {
	case tokNumber, tokString, tokParam:
		p.i++
		return
	case tokQuoted:
		p.i++
		return
	case tokPunct:
		switch t.text {
		case "(":
			if p.startsPath() {
				p.path()
				return
			}
			p.i++
			p.expr()
			p.expect(")")
		case "[":
			p.list()
		case "{":
			p.mapLiteral()
		default:
			p.fail("expected an expression")
		}
		return
	case tokIdent:
	default:
		p.fail("expected an expression")
		return
	}
	word := strings.ToUpper(t.text)
	next := p.peekN(1)
	switch {
	case word == "TRUE" || word == "FALSE" || word == "NULL":
		p.i++
	case word == "CASE":
		p.caseExpr()
	case (word == "EXISTS" || word == "COUNT") && tokIs(next, "{"):
		p.i += 2
		p.single(true)
		p.expect("}")
	case word == "COUNT" && tokIs(next, "(") && tokIs(p.peekN(2), "*"):
		p.i += 3
		p.expect(")")
	case (word == "ALL" || word == "ANY" || word == "NONE" || word == "SINGLE") && tokIs(next, "("):
		p.i += 2
		p.variable()
		p.expect("IN")
		p.expr()
		p.expect("WHERE")
		p.expr()
		p.expect(")")
	case word == "CAST" && tokIs(next, "("):
		p.i += 2
		p.expr()
		if p.accept("AS") {
			p.name()
		} else {
			p.expect(",")
			p.expr()
		}
		p.expect(")")
	case tokIs(next, "("):
		if !allowedFunctions[strings.ToLower(t.text)] {
			p.err = &RefusedError{Err: ErrReadOnly, Reason: fmt.Sprintf("function %q is not one a question may use %s", t.text, where(p.src, t.pos))}
			return
		}
		p.i += 2
		p.accept("DISTINCT")
		if !p.is(")") {
			p.exprList()
		}
		p.expect(")")
	default:
		p.variable()
	}
}

// startsPath reports whether the "(" ahead opens a path pattern rather
// than a parenthesised expression: its ")" is followed by a relationship.
func (p *parser) startsPath() bool {
	depth := 0
	for j := p.i; j < len(p.toks); j++ {
		switch {
		case tokIs(p.toks[j], "("):
			depth++
		case tokIs(p.toks[j], ")"):
			depth--
			if depth == 0 {
				a, b := p.toks[min(j+1, len(p.toks)-1)], p.toks[min(j+2, len(p.toks)-1)]
				return tokIs(a, "-") && (tokIs(b, "[") || tokIs(b, "-")) || tokIs(a, "<") && tokIs(b, "-")
			}
		case p.toks[j].kind == tokEOF:
			return false
		}
	}
	return false
}

func (p *parser) caseExpr() {
	p.i++ // CASE
	if !p.is("WHEN") {
		p.expr()
	}
	p.expect("WHEN")
	for p.err == nil {
		p.expr()
		p.expect("THEN")
		p.expr()
		if !p.accept("WHEN") {
			break
		}
	}
	if p.accept("ELSE") {
		p.expr()
	}
	p.expect("END")
}

// list parses a list literal or comprehension ([x IN xs WHERE … | …]).
func (p *parser) list() {
	p.expect("[")
	if p.isVariable(p.peek()) && tokIs(p.peekN(1), "IN") {
		p.i += 2
		p.expr()
		if p.accept("WHERE") {
			p.expr()
		}
		if p.accept("|") {
			p.expr()
		}
		p.expect("]")
		return
	}
	if !p.is("]") {
		p.expr()
		for p.err == nil && p.accept(",") {
			p.expr()
		}
	}
	p.expect("]")
}

func (p *parser) mapLiteral() {
	if !p.enter() {
		return
	}
	defer p.leave()
	p.expect("{")
	if p.accept("}") {
		return
	}
	for p.err == nil {
		if p.peek().kind == tokString {
			p.i++
		} else {
			p.name()
		}
		p.expect(":")
		p.expr()
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
}
