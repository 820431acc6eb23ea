package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/ask"
)

// Asker answers questions about the graph (*ask.Asker).
type Asker interface {
	Ask(ctx context.Context, s *ask.Session, question string) (ask.Answer, error)
	Run(ctx context.Context, cypher string) (ask.Result, error)
}

// Bounds of the /admin/ask page's memory: conversations kept (the oldest
// goes first), entries per conversation, and rows shown per answer.
const (
	askMaxConversations = 200
	askMaxEntries       = 50
	askMaxRowsShown     = 200
	askMaxInput         = 4000
)

// askEntry is one answer on the page.
type askEntry struct {
	Question    string // "" for Cypher the person ran
	Mode        string
	Cypher      string
	Summary     string
	Columns     []string
	Rows        [][]string
	Hidden      int // rows not shown
	Error       string
	Suggestions []string
	Tries       int
	Form        string // the question as the offline reader understood it
}

// askable keeps the suggestions that are whole questions: "what is the
// resolution of [problem]" needs a value first, and the summary lists it.
func askable(qs []string) []string {
	var out []string
	for _, q := range qs {
		if !strings.Contains(q, "[") {
			out = append(out, q)
		}
	}
	return out
}

// askStarters are suggested first questions: one of each kind the offline
// reader understands.
var askStarters = []string{
	"Which pages have the most problems?",
	"Which problems mention password?",
	"How many sections have no resolution?",
	"Which articles have no incoming links?",
	"Which topics escalated most in the last 30 days?",
}

type askConversation struct {
	turn    sync.Mutex // held while a question is answered: a follow-up needs the turn before it
	id      string
	session ask.Session
	entries []askEntry
}

// askPages holds the /admin/ask conversations in memory: they are a support
// team's scratch work, not records, and end with the process.
type askPages struct {
	asker Asker

	mu    sync.Mutex
	convs map[string]*askConversation
	order []string // oldest first
}

func newAskPages(a Asker) *askPages {
	return &askPages{asker: a, convs: map[string]*askConversation{}}
}

func (p *askPages) get(id string) *askConversation {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.convs[id]
}

func (p *askPages) create() *askConversation {
	b := make([]byte, 12)
	rand.Read(b)
	conv := &askConversation{id: hex.EncodeToString(b)}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.convs[conv.id] = conv
	p.order = append(p.order, conv.id)
	if len(p.order) > askMaxConversations {
		delete(p.convs, p.order[0])
		p.order = p.order[1:]
	}
	return conv
}

// askView is what the page shows.
type askView struct {
	ID         string
	Entries    []askEntry
	Configured bool
}

func (s *Server) askPage(c *fiber.Ctx) error {
	v := askView{Configured: s.ask != nil && s.ask.asker != nil}
	if v.Configured {
		if conv := s.ask.get(c.Query("c")); conv != nil {
			s.ask.mu.Lock()
			v.ID, v.Entries = conv.id, append([]askEntry(nil), conv.entries...)
			s.ask.mu.Unlock()
		}
	}
	return render(c, fiber.StatusOK, askPageView(v))
}

// askPost asks a question or runs edited Cypher in a conversation, then
// shows the conversation (post/redirect/get, so a reload does not ask again).
func (s *Server) askPost(c *fiber.Ctx) error {
	if s.ask == nil || s.ask.asker == nil {
		return badRequest("asking the graph is not configured")
	}
	question := strings.TrimSpace(c.FormValue("question"))
	cypher := strings.TrimSpace(c.FormValue("cypher"))
	if question == "" && cypher == "" {
		return badRequest("ask a question or give a Cypher statement")
	}
	if len(question) > askMaxInput || len(cypher) > askMaxInput {
		return badRequest("at most %d characters", askMaxInput)
	}
	conv := s.ask.get(c.FormValue("c"))
	if conv == nil {
		conv = s.ask.create()
	}
	conv.turn.Lock()
	defer conv.turn.Unlock()
	s.ask.mu.Lock()
	session := conv.session
	session.Turns = append([]ask.Turn(nil), session.Turns...)
	s.ask.mu.Unlock()

	ctx := c.UserContext()
	var e askEntry
	if cypher != "" {
		e = askEntry{Mode: ask.ModeCypher, Cypher: cypher, Tries: 1}
		res, err := s.ask.asker.Run(ctx, cypher)
		e.fill(&res, err)
		if err == nil {
			session.Turns = append(session.Turns, ask.Turn{Question: "(Cypher written by hand)", Cypher: cypher, Rows: len(res.Rows)})
		}
	} else {
		ans, err := s.ask.asker.Ask(ctx, &session, question)
		e = askEntry{Question: question, Mode: ans.Mode, Cypher: ans.Cypher, Summary: ans.Summary,
			Suggestions: ans.Suggestions, Tries: len(ans.Attempts)}
		if ans.Form != nil {
			e.Form = ans.Form.String()
		}
		e.fill(ans.Result, err)
		if err != nil && !isAskError(err) {
			s.log.Error("ask: question failed", "err", err)
		}
	}
	s.ask.mu.Lock()
	conv.session = session
	conv.entries = append(conv.entries, e)
	if len(conv.entries) > askMaxEntries {
		conv.entries = conv.entries[len(conv.entries)-askMaxEntries:]
	}
	s.ask.mu.Unlock()
	return c.Redirect("/admin/ask?c="+conv.id+"#a"+strconv.Itoa(len(conv.entries)), fiber.StatusSeeOther)
}

// isAskError tells a refused or failed query (shown on the page) from a
// failure of the service.
func isAskError(err error) bool {
	var re *ask.RefusedError
	var qe *ask.QueryError
	return errors.As(err, &re) || errors.As(err, &qe)
}

func (e *askEntry) fill(res *ask.Result, err error) {
	if err != nil {
		e.Error = err.Error()
		if !isAskError(err) {
			e.Error = "the question could not be answered: " + err.Error()
		}
		return
	}
	if res == nil {
		return
	}
	if e.Summary == "" {
		e.Summary = ask.Summarize(*res)
	}
	e.Columns = res.Columns
	for i, row := range res.Rows {
		if i == askMaxRowsShown {
			e.Hidden = len(res.Rows) - i
			break
		}
		cells := make([]string, len(row))
		for j, v := range row {
			cells[j] = ask.Format(v)
		}
		e.Rows = append(e.Rows, cells)
	}
}
