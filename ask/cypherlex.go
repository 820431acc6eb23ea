package ask

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The guard's lexer reads a statement the way Kùzu (its ANTLR grammar,
// Cypher.g4) and Neo4j 5 read it, and refuses what they might read
// differently instead of guessing: a lexToken the guard sees must be the lexToken
// both engines see, or a statement could hide a clause from the guard (the
// backquote escape that let `x\`; COPY …` through was such a difference).
//
// What it refuses, and why:
//   - bytes that are not UTF-8, and NUL;
//   - characters outside ASCII except inside strings, backquoted names and
//     comments: the engines treat many of them as spaces or dashes;
//   - a number glued to a word (1SET, 0x1F, 1e+5): Kùzu splits 1SET into 1 and
//     SET, Neo4j reads 0x1F as one hexadecimal number;
//   - integers with a leading zero (01): Kùzu reads 0 then 1;
//   - string escapes other than \\ \' \" \b \f \n \r \t \uXXXX;
//   - a backslash or nothing inside backquotes (a doubled backquote is the
//     escape in both engines; a backslash is not);
//   - a block comment the engines would end in different places: Kùzu's
//     grammar reads "*" and the character after it as a pair, so "**/" does
//     not end a comment there;
//   - a line comment with a carriage return not followed by a newline (Neo4j
//     ends the comment there, Kùzu does not).

type tokKind int

const (
	tokEOF    tokKind = iota
	tokIdent          // unquoted name or keyword
	tokQuoted         // `backquoted name`
	tokString         // 'string' or "string"
	tokNumber
	tokParam // $name or $1
	tokPunct // operators and brackets
)

type lexToken struct {
	kind tokKind
	text string // the name without backquotes; the punctuation; the literal as written
	pos  int    // byte offset in the statement
}

// maxStatement bounds what the guard reads; questions are a few hundred bytes.
const maxStatement = 64 << 10

// syntaxError is a statement the guard cannot read.
type syntaxError struct {
	pos int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// multiPunct are the operators read as one lexToken, longest first.
var multiPunct = []string{"..", "<>", "<=", ">=", "=~", "!=", "<<", ">>"}

// lex splits a statement into tokens, dropping spaces and comments.
func lex(s string) ([]lexToken, error) {
	if len(s) > maxStatement {
		return nil, &syntaxError{0, fmt.Sprintf("the query is longer than %d KB", maxStatement>>10)}
	}
	// The engines decode UTF-8 before they read tokens, and Kùzu gets the
	// statement as a C string: a bad byte or a NUL could shift where they
	// think a string ends.
	if !utf8.ValidString(s) {
		return nil, &syntaxError{0, "the query is not valid UTF-8"}
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		return nil, &syntaxError{i, "a NUL character " + where(s, i)}
	}
	var toks []lexToken
	fail := func(pos int, format string, args ...any) ([]lexToken, error) {
		return nil, &syntaxError{pos, fmt.Sprintf(format, args...) + " " + where(s, pos)}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			j := i + 2
			for j < len(s) && s[j] != '\n' {
				if s[j] == '\r' && j+1 < len(s) && s[j+1] != '\n' {
					return fail(j, "a carriage return inside a // comment")
				}
				if r := s[j:]; strings.HasPrefix(r, "\u0085") || strings.HasPrefix(r, "\u2028") || strings.HasPrefix(r, "\u2029") {
					return fail(j, "a line separator inside a // comment")
				}
				j++
			}
			i = j
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end, err := blockCommentEnd(s, i)
			if err != "" {
				return fail(i, "%s", err)
			}
			i = end
		case c == '\'' || c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != c; j++ {
				if s[j] != '\\' {
					continue
				}
				if j+1 >= len(s) {
					break
				}
				switch e := s[j+1]; e {
				case '\\', '\'', '"', 'b', 'f', 'n', 'r', 't':
					j++
				case 'u':
					if j+5 >= len(s) || !isHex(s[j+2]) || !isHex(s[j+3]) || !isHex(s[j+4]) || !isHex(s[j+5]) {
						return fail(j, `a \u escape needs four hexadecimal digits`)
					}
					j += 5
				default:
					return fail(j, `unknown escape \%c in a string (use \\, \', \", \b, \f, \n, \r, \t or \uXXXX)`, e)
				}
			}
			if j >= len(s) {
				return fail(i, "unterminated string")
			}
			toks = append(toks, lexToken{tokString, s[i : j+1], i})
			i = j + 1
		case c == '`':
			var name strings.Builder
			j := i
			for j < len(s) && s[j] == '`' {
				k := j + 1
				for k < len(s) && s[k] != '`' {
					if s[k] == '\\' {
						return fail(k, "a backslash inside a `name` (the engines disagree on it)")
					}
					k++
				}
				if k >= len(s) {
					return fail(i, "unterminated `name`")
				}
				if j > i {
					name.WriteByte('`') // a doubled backquote stands for one
				}
				name.WriteString(s[j+1 : k])
				j = k + 1
			}
			if name.Len() == 0 {
				return fail(i, "an empty `name`")
			}
			toks = append(toks, lexToken{tokQuoted, name.String(), i})
			i = j
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			if j < len(s) && (s[j] == '$' || s[j] >= 0x80) {
				return fail(j, "a name followed directly by %q (write `names` with such characters in backquotes)", runeAt(s, j))
			}
			toks = append(toks, lexToken{tokIdent, s[i:j], i})
			i = j
		case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			j, err := numberEnd(s, i)
			if err != "" {
				return fail(i, "%s", err)
			}
			toks = append(toks, lexToken{tokNumber, s[i:j], i})
			i = j
		case c == '$':
			// Kùzu reads $1SET as $1 and SET: only named parameters.
			j := i + 1
			if j >= len(s) || !isIdentStart(s[j]) {
				return fail(i, "a parameter needs a name starting with a letter after $")
			}
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			if j < len(s) && (s[j] == '$' || s[j] >= 0x80) {
				return fail(i, "a parameter needs a plain name after $")
			}
			toks = append(toks, lexToken{tokParam, s[i:j], i})
			i = j
		case c >= 0x80:
			return fail(i, "the character %q outside a string, `name` or comment", runeAt(s, i))
		case c < 0x20 || c == 0x7f:
			return fail(i, "the control character %q", c)
		default:
			text := s[i : i+1]
			for _, p := range multiPunct {
				if strings.HasPrefix(s[i:], p) {
					text = p
					break
				}
			}
			toks = append(toks, lexToken{tokPunct, text, i})
			i += len(text)
		}
	}
	return append(toks, lexToken{tokEOF, "", len(s)}), nil
}

// blockCommentEnd returns the offset after the comment starting at s[i:],
// or why the engines would disagree about where it ends.
func blockCommentEnd(s string, i int) (int, string) {
	// Neo4j (and most readers): the first "*/".
	std := strings.Index(s[i+2:], "*/")
	if std < 0 {
		return 0, "unterminated /* comment"
	}
	std += i + 4
	// Kùzu: a '*' not followed by '/' is read together with the next character.
	kz := -1
	for j := i + 2; j < len(s); j++ {
		if s[j] == '*' {
			if j+1 < len(s) && s[j+1] == '/' {
				kz = j + 2
				break
			}
			j++
		}
	}
	if kz != std {
		return 0, "a /* comment whose end the engines read differently (\"**/\")"
	}
	return std, ""
}

// numberEnd returns the offset after the number starting at s[i:].
func numberEnd(s string, i int) (int, string) {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if s[i] == '0' && j-i > 1 {
		return 0, "a number with a leading zero"
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j++
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && s[k] == '-' {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			j = k
		}
	}
	if j < len(s) && (isIdentPart(s[j]) || s[j] == '$' || s[j] >= 0x80) {
		return 0, fmt.Sprintf("a number glued to %q (put a space between them)", runeAt(s, j))
	}
	return j, ""
}

func runeAt(s string, i int) rune {
	for _, r := range s[i:] {
		return r
	}
	return 0
}

// where says where offset pos is, as "at line L, column C".
func where(s string, pos int) string {
	pos = min(pos, len(s))
	line := strings.Count(s[:pos], "\n") + 1
	col := len([]rune(s[strings.LastIndex(s[:pos], "\n")+1 : pos]))
	return fmt.Sprintf("at line %d, column %d", line, col+1)
}
