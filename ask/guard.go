package ask

import (
	"fmt"
	"strings"
	"unicode"
)

// RefusedError says why a statement was not run. Its message is meant for
// the person who asked.
type RefusedError struct {
	Reason string
	Err    error // ErrReadOnly for a statement or request that would write
}

func (e *RefusedError) Error() string { return "refused: " + e.Reason }
func (e *RefusedError) Unwrap() error { return e.Err }

// writeClauses change data or schema on one engine or the other.
var writeClauses = map[string]bool{
	"CREATE": true, "MERGE": true, "SET": true, "DELETE": true, "DETACH": true, "REMOVE": true,
	"DROP": true, "ALTER": true, "COPY": true, "LOAD": true, "INSTALL": true, "ATTACH": true,
	"IMPORT": true, "EXPORT": true, "CHECKPOINT": true, "FOREACH": true,
	"BEGIN": true, "COMMIT": true, "ROLLBACK": true, "TRUNCATE": true, "GRANT": true, "REVOKE": true,
	"DENY": true, "USE": true,
}

// readProcedures are the procedures a query may CALL: they only describe the
// schema. Anything else is refused, since whether a procedure writes cannot
// be told from its name.
var readProcedures = map[string]bool{
	"db.labels": true, "db.relationshiptypes": true, "db.propertykeys": true,
	"db.schema.visualization": true, "db.schema.nodetypeproperties": true, "db.schema.reltypeproperties": true,
	"show_tables": true, "table_info": true, "show_connection": true,
}

// Guard refuses a statement that could write: write clauses, procedure calls
// other than schema listings, and more than one statement. It reads keywords
// outside string literals, comments and backquoted names, so a question
// about "deleted" pages is not refused.
func Guard(cypher string) error {
	toks, err := keywords(cypher)
	if err != nil {
		return &RefusedError{Reason: err.Error()}
	}
	if len(toks) == 0 {
		return &RefusedError{Reason: "the query is empty"}
	}
	for i, t := range toks {
		up := strings.ToUpper(t)
		switch {
		case t == ";":
			if i != len(toks)-1 {
				return &RefusedError{Reason: "only one statement can run at a time"}
			}
		case writeClauses[up]:
			// SET and similar as property names (n.set) are preceded by a dot.
			if i > 0 && toks[i-1] == "." {
				continue
			}
			return &RefusedError{Reason: fmt.Sprintf("%s changes the graph, and %v", up, ErrReadOnly), Err: ErrReadOnly}
		case up == "CALL":
			if i+1 < len(toks) && toks[i+1] == "{" {
				continue // a subquery: its clauses are checked like the rest
			}
			name := procedureName(toks[i+1:])
			if !readProcedures[strings.ToLower(name)] {
				return &RefusedError{Err: ErrReadOnly, Reason: fmt.Sprintf("procedure %q may change the graph; only schema listings (db.labels, db.relationshipTypes, db.propertyKeys, show_tables, table_info) can be called", name)}
			}
		}
	}
	return nil
}

// procedureName joins the dotted name at the start of toks.
func procedureName(toks []string) string {
	var b strings.Builder
	for i, t := range toks {
		if (i%2 == 0) == (t == ".") {
			break
		}
		b.WriteString(t)
	}
	return b.String()
}

// keywords splits a statement into words and punctuation, dropping string
// literals, comments and backquoted names.
func keywords(s string) ([]string, error) {
	var toks []string
	r := []rune(s)
	for i := 0; i < len(r); {
		c := r[i]
		switch {
		case unicode.IsSpace(c):
			i++
		case c == '/' && i+1 < len(r) && r[i+1] == '/':
			for i < len(r) && r[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(r) && r[i+1] == '*':
			end := strings.Index(string(r[i+2:]), "*/")
			if end < 0 {
				return nil, fmt.Errorf("unterminated comment")
			}
			i += 2 + len([]rune(string(r[i+2:])[:end])) + 2
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for ; j < len(r) && r[j] != c; j++ {
				if r[j] == '\\' {
					j++
				}
			}
			if j >= len(r) {
				return nil, fmt.Errorf("unterminated %c", c)
			}
			i = j + 1
			toks = append(toks, "''")
		case unicode.IsLetter(c) || c == '_' || unicode.IsDigit(c):
			j := i
			for j < len(r) && (unicode.IsLetter(r[j]) || unicode.IsDigit(r[j]) || r[j] == '_') {
				j++
			}
			toks = append(toks, string(r[i:j]))
			i = j
		default:
			toks = append(toks, string(c))
			i++
		}
	}
	return toks, nil
}
