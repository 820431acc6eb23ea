package ask

import "errors"

// RefusedError says why a statement was not run. Its message is meant for
// the person who asked.
type RefusedError struct {
	Reason string
	Err    error // ErrReadOnly for a statement that is more than one read
}

func (e *RefusedError) Error() string { return "refused: " + e.Reason }
func (e *RefusedError) Unwrap() error { return e.Err }

// Guard allows one statement made only of reading clauses (MATCH, OPTIONAL
// MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION), calls
// of the functions in allowedFunctions and of the schema-listing
// procedures in allowedProcedures. It reads the statement with a lexer and
// parser that agree with the engines' (cypherlex.go, cypherparse.go), so
// a question about "deleted" pages is not refused, and nothing the engines
// would read as a clause can hide in a string, name or comment. Everything
// else is refused with a *RefusedError saying what and where.
//
// The guard is the first line only: the embedded engine also runs in a
// read-only, limited child process (ask/kuzu), Neo4j in read transactions.
func Guard(cypher string) error {
	toks, err := lex(cypher)
	if err == nil {
		p := &parser{src: cypher, toks: toks}
		p.statement()
		err = p.err
	}
	var se *syntaxError
	if errors.As(err, &se) {
		return &RefusedError{Reason: "the query cannot be read: " + se.msg}
	}
	return err
}

// readingClauses names what a question may use, for messages.
const readingClauses = "MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION"

// allowedProcedures only describe the schema. Whether another procedure
// writes, reads files or loads code cannot be told from its name.
var allowedProcedures = map[string]bool{
	"db.labels": true, "db.relationshiptypes": true, "db.propertykeys": true,
	"db.schema.visualization": true, "db.schema.nodetypeproperties": true, "db.schema.reltypeproperties": true,
	"show_tables": true, "table_info": true,
}

const procedureList = "db.labels, db.relationshipTypes, db.propertyKeys, db.schema.*, show_tables and table_info"

// allowedFunctions are the functions (lower case) a question may call: the
// pure ones of both engines over values, lists, strings, numbers, dates and
// graph elements. Functions that read files, use sequences or reach outside
// the query are not on it.
var allowedFunctions = setOf(
	// aggregates
	"count", "sum", "avg", "min", "max", "collect", "stdev", "stdevp", "percentilecont", "percentiledisc",
	// graph elements
	"id", "elementid", "label", "labels", "type", "keys", "properties", "nodes", "rels", "relationships",
	"startnode", "endnode", "length", "is_trail", "is_acyclic",
	// lists
	"size", "range", "head", "tail", "last", "reverse", "coalesce", "list_contains", "list_has", "list_filter",
	"list_transform", "list_reduce", "list_concat", "list_cat", "list_extract", "list_element", "list_sort",
	"list_reverse_sort", "list_distinct", "list_unique", "list_sum", "list_product", "list_any_value",
	"list_slice", "list_append", "list_prepend", "list_position", "array_contains",
	// strings
	"tolower", "toupper", "lower", "upper", "lcase", "ucase", "trim", "ltrim", "rtrim", "substring", "substr",
	"left", "right", "replace", "split", "string_split", "concat", "contains", "starts_with", "ends_with",
	"prefix", "suffix", "lpad", "rpad", "repeat", "regexp_matches", "regexp_extract", "regexp_replace",
	"initcap", "levenshtein", "tostring", "tostringornull", "to_string", "string",
	// numbers and conversions
	"abs", "ceil", "ceiling", "floor", "round", "sign", "sqrt", "log", "log10", "log2", "ln", "exp", "pi",
	"tointeger", "tointegerornull", "tofloat", "tofloatornull", "toboolean", "tobooleanornull",
	"to_int64", "to_int32", "to_double", "to_float",
	// dates
	"date", "datetime", "localdatetime", "timestamp", "duration", "current_date", "current_timestamp",
	"date_part", "datepart", "date_trunc", "datetrunc", "epoch_ms", "to_epoch_ms", "dayname", "monthname",
)

// keywords cannot be variables or aliases in a statement the guard allows,
// so that no engine can read one of them as a clause where the guard saw a
// name. Labels, properties and map keys may be any word.
var keywords = setOf(
	"ADD", "ALL", "ALTER", "AND", "ANY", "AS", "ASC", "ASCENDING", "ATTACH", "BEGIN", "BY", "CALL",
	"CASE", "CAST", "CHECKPOINT", "COMMENT", "COMMIT", "CONTAINS", "COPY", "COUNT",
	"CREATE", "CSV", "DELETE", "DENY", "DESC",
	"DESCENDING", "DETACH", "DISTINCT", "DROP", "ELSE", "END", "ENDS", "EXISTS", "EXPLAIN", "EXPORT",
	"EXTENSION", "FALSE", "FINISH", "FOREACH", "FORCE", "FROM", "GRANT",
	"HINT", "IF", "IMPORT", "IN", "INSTALL", "IS", "LIMIT",
	"LOAD", "MACRO", "MATCH", "MERGE", "NO", "NONE",
	"NOT", "NULL", "ON", "OPTIONAL", "OR", "ORDER", "PERIODIC", "PROFILE",
	"REMOVE", "RENAME", "RETURN", "REVOKE", "ROLLBACK",
	"SET", "SHORTEST", "SHOW", "SINGLE", "SKIP", "STARTS", "TERMINATE",
	"THEN", "TO", "TRANSACTION", "TRANSACTIONS", "TRUE", "UNINSTALL", "UNION",
	"UNWIND", "UPDATE", "USE", "USING", "WHEN", "WHERE", "WITH", "XOR", "YIELD",
)

// refusedKeywords start statements and clauses a question may not use,
// with what they would do.
var refusedKeywords = func() map[string]string {
	m := map[string]string{}
	for reason, words := range map[string][]string{
		"changes the graph; " + ErrReadOnly.Error():        {"CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "ALTER", "FOREACH", "RENAME", "ADD"},
		"reads or writes files outside the graph":          {"LOAD", "COPY", "EXPORT", "IMPORT"},
		"installs or loads engine extensions":              {"INSTALL", "UNINSTALL", "UPDATE", "FORCE", "EXTENSION"},
		"attaches or switches databases":                   {"ATTACH", "USE"},
		"changes the schema":                               {"COMMENT"},
		"controls transactions":                            {"BEGIN", "COMMIT", "ROLLBACK", "CHECKPOINT", "TERMINATE"},
		"administers the database":                         {"SHOW", "GRANT", "REVOKE", "DENY", "PROFILE", "EXPLAIN", "MACRO"},
		"is not a reading clause (" + readingClauses + ")": {"FINISH", "HINT", "USING", "PERIODIC"},
	} {
		for _, w := range words {
			m[w] = reason
		}
	}
	return m
}()

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// guardPlaceholders lets Guard check an example whose Cypher still has
// placeholders (<PAGE_1>): each stands for one literal.
func guardPlaceholders(cypher string) error {
	return Guard(placeholderRe.ReplaceAllString(cypher, "''"))
}
