package ask

import (
	"fmt"
	"strings"
)

// The guard's parser accepts the reading part of Cypher that Kùzu and
// Neo4j share, and nothing else: a statement is allowed because every
// lexToken has a place in this grammar, not because no bad word was found.
//
//	statement  = query [";"] EOF
//	query      = single {UNION [ALL] single}
//	single     = clause {clause}        (ends with RETURN, or is one CALL of a listed procedure)
//	clause     = [OPTIONAL] MATCH pattern [WHERE expr] | UNWIND expr AS var
//	           | WITH projection [WHERE expr] | RETURN projection
//	           | CALL procedure "(" [args] ")" [YIELD items] [WHERE expr] | CALL "{" query "}"
//	projection = [DISTINCT] ("*" | item) {"," item} [ORDER BY sort {"," sort}] [SKIP expr] [LIMIT expr]
//	pattern    = [var "="] node {relationship node} {"," ...}
//
// Expressions are the usual ones (boolean, comparison, arithmetic, string
// and list operators, CASE, list and map literals, list comprehensions,
// quantifiers, lambdas, EXISTS/COUNT subqueries, path patterns), and
// function calls only of the functions in allowedFunctions.

// maxDepth bounds nesting, so a statement cannot exhaust the guard's stack.
const maxDepth = 100

type parser struct {
	src   string
	toks  []lexToken
	i     int
	depth int
	err   error
}

func (p *parser) peek() lexToken { return p.toks[p.i] }

func (p *parser) peekN(n int) lexToken {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() lexToken {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

// is reports whether the next lexToken is the keyword or punctuation s.
func (p *parser) is(s string) bool { return tokIs(p.peek(), s) }

func tokIs(t lexToken, s string) bool {
	switch t.kind {
	case tokIdent:
		return strings.EqualFold(t.text, s)
	case tokPunct:
		return t.text == s
	}
	return false
}

// accept consumes the next lexToken if it is s.
func (p *parser) accept(s string) bool {
	if p.err == nil && p.is(s) {
		p.i++
		return true
	}
	return false
}

func (p *parser) expect(s string) {
	if !p.accept(s) {
		p.fail(fmt.Sprintf("expected %s", s))
	}
}

// fail records the first error: a refusal when the lexToken in the way is a
// keyword the guard does not allow, else a syntax error.
func (p *parser) fail(expected string) {
	if p.err != nil {
		return
	}
	t := p.peek()
	if t.kind == tokIdent {
		if reason, ok := refusedKeywords[strings.ToUpper(t.text)]; ok {
			p.refuse(t, reason)
			return
		}
	}
	found := "the end of the query"
	if t.kind != tokEOF {
		found = fmt.Sprintf("%q", tokenSource(t))
	}
	p.err = &syntaxError{t.pos, fmt.Sprintf("%s but found %s %s", expected, found, where(p.src, t.pos))}
}

// tokenSource is the lexToken as written (backquoted names with their quotes).
func tokenSource(t lexToken) string {
	if t.kind == tokQuoted {
		return "`" + strings.ReplaceAll(t.text, "`", "``") + "`"
	}
	return t.text
}

func (p *parser) refuse(t lexToken, reason string) {
	if p.err == nil {
		p.err = &RefusedError{Reason: fmt.Sprintf("%s %s (%s)", strings.ToUpper(t.text), reason, where(p.src, t.pos)), Err: ErrReadOnly}
	}
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth && p.err == nil {
		p.err = &syntaxError{p.peek().pos, fmt.Sprintf("the query nests deeper than %d levels", maxDepth)}
	}
	return p.err == nil
}

func (p *parser) leave() { p.depth-- }

// statement parses the whole input.
func (p *parser) statement() {
	if p.peek().kind == tokEOF {
		p.err = &syntaxError{0, "the query is empty"}
		return
	}
	p.query()
	if p.accept(";") && p.peek().kind != tokEOF && p.err == nil {
		t := p.peek()
		p.err = &RefusedError{Reason: "only one statement can run at a time (another starts after the ';' " + where(p.src, t.pos) + ")", Err: ErrReadOnly}
		return
	}
	if p.err == nil && p.peek().kind != tokEOF {
		p.fail("expected a clause, UNION or the end of the query")
	}
}

func (p *parser) query() {
	p.single(false)
	for p.err == nil && p.accept("UNION") {
		p.accept("ALL")
		p.single(false)
	}
}

// single parses one query part. In an EXISTS or COUNT subquery (sub) it
// need not end with RETURN.
func (p *parser) single(sub bool) {
	if !p.enter() {
		return
	}
	defer p.leave()
	clauses, standaloneCall, returned := 0, false, false
	for p.err == nil {
		t := p.peek()
		if t.kind == tokEOF || tokIs(t, ";") || tokIs(t, "}") || tokIs(t, "UNION") {
			break
		}
		if returned {
			p.fail("expected the end of the query after RETURN")
			return
		}
		clauses++
		switch {
		case p.accept("MATCH"):
			p.match()
		case p.accept("OPTIONAL"):
			p.expect("MATCH")
			p.match()
		case p.accept("UNWIND"):
			p.expr()
			p.expect("AS")
			p.variable()
		case p.accept("WITH"):
			p.projection()
			if p.accept("WHERE") {
				p.expr()
			}
		case p.accept("RETURN"):
			p.projection()
			returned = true
		case p.accept("CALL"):
			if p.accept("{") {
				p.query()
				p.expect("}")
				continue
			}
			p.procedureCall()
			standaloneCall = clauses == 1
		default:
			if t.kind == tokIdent {
				if reason, ok := refusedKeywords[strings.ToUpper(t.text)]; ok {
					p.refuse(t, reason)
					return
				}
			}
			p.fail("expected a reading clause (" + readingClauses + ")")
			return
		}
	}
	if p.err != nil {
		return
	}
	if clauses == 0 {
		p.fail("expected a clause")
		return
	}
	if !sub && !returned && !(standaloneCall && clauses == 1) {
		p.fail("expected RETURN at the end of the query")
	}
}

func (p *parser) match() {
	p.pattern()
	if p.accept("WHERE") {
		p.expr()
	}
}

func (p *parser) procedureCall() {
	start := p.peek()
	name := p.name()
	for p.err == nil && p.accept(".") {
		name += "." + p.name()
	}
	if p.err != nil {
		return
	}
	if !allowedProcedures[strings.ToLower(name)] {
		p.err = &RefusedError{Err: ErrReadOnly, Reason: fmt.Sprintf("procedure %q may change the graph or read outside it; only %s can be called %s",
			name, procedureList, where(p.src, start.pos))}
		return
	}
	p.expect("(")
	if !p.is(")") {
		p.exprList()
	}
	p.expect(")")
	if p.accept("YIELD") {
		if !p.accept("*") {
			for p.err == nil {
				p.variable()
				if p.accept("AS") {
					p.variable()
				}
				if !p.accept(",") {
					break
				}
			}
		}
	}
	if p.accept("WHERE") {
		p.expr()
	}
}

func (p *parser) projection() {
	p.accept("DISTINCT")
	if !p.accept("*") {
		p.projectionItem()
	}
	for p.err == nil && p.accept(",") {
		p.projectionItem()
	}
	if p.accept("ORDER") {
		p.expect("BY")
		for p.err == nil {
			p.expr()
			_ = p.accept("ASC") || p.accept("ASCENDING") || p.accept("DESC") || p.accept("DESCENDING")
			if !p.accept(",") {
				break
			}
		}
	}
	if p.accept("SKIP") {
		p.expr()
	}
	if p.accept("LIMIT") {
		p.expr()
	}
}

func (p *parser) projectionItem() {
	p.expr()
	if p.accept("AS") {
		p.variable()
	}
}

// name is a label, property, key or procedure name: any word, keywords
// included (they cannot be read as clauses there), or a backquoted name.
func (p *parser) name() string {
	t := p.peek()
	if p.err == nil && (t.kind == tokIdent || t.kind == tokQuoted) {
		p.i++
		return t.text
	}
	p.fail("expected a name")
	return ""
}

// variable is a variable or alias: a word that is not a keyword, or a
// backquoted name.
func (p *parser) variable() {
	t := p.peek()
	if p.err == nil && (t.kind == tokQuoted || t.kind == tokIdent && !keywords[strings.ToUpper(t.text)]) {
		p.i++
		return
	}
	p.fail("expected a variable name")
}

func (p *parser) isVariable(t lexToken) bool {
	return t.kind == tokQuoted || t.kind == tokIdent && !keywords[strings.ToUpper(t.text)]
}

// pattern parses comma-separated path patterns, each optionally named.
func (p *parser) pattern() {
	for p.err == nil {
		if p.isVariable(p.peek()) && tokIs(p.peekN(1), "=") {
			p.i += 2
		}
		p.path()
		if !p.accept(",") {
			return
		}
	}
}

func (p *parser) path() {
	p.node()
	for p.err == nil && (p.is("-") || p.is("<")) {
		p.relationship()
		p.node()
	}
}

func (p *parser) node() {
	if !p.enter() {
		return
	}
	defer p.leave()
	p.expect("(")
	if p.isVariable(p.peek()) {
		p.i++
	}
	if p.accept(":") {
		p.name()
		for p.err == nil && (p.is("|") || p.is(":")) {
			p.i++
			p.accept(":")
			p.name()
		}
	}
	if p.is("{") {
		p.mapLiteral()
	}
	p.expect(")")
}

func (p *parser) relationship() {
	left := p.accept("<")
	p.expect("-")
	if p.accept("[") {
		if p.isVariable(p.peek()) {
			p.i++
		}
		if p.accept(":") {
			p.name()
			for p.err == nil && p.accept("|") {
				p.accept(":")
				p.name()
			}
		}
		if p.accept("*") {
			switch {
			case p.accept("SHORTEST"), p.accept("TRAIL"), p.accept("ACYCLIC"):
			case p.accept("ALL"):
				p.expect("SHORTEST")
			}
			if p.peek().kind == tokNumber {
				p.i++
			}
			if p.accept("..") && p.peek().kind == tokNumber {
				p.i++
			}
		}
		if p.is("{") {
			p.mapLiteral()
		}
		p.expect("]")
	}
	p.expect("-")
	if p.accept(">") && left {
		p.fail("a relationship points one way")
	}
}
