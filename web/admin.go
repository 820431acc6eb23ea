package web

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/resync"
)

const adminCookie = "helpgraph_admin"

// cspReport lets the evaluator's self-contained report keep its inline
// styles while running no script at all (sandbox).
// It is framed by /admin/evaluation, inside the admin pages, and by nothing else.
const cspReport = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'"

func (s *Server) adminRoutes(app *fiber.App) {
	admin := app.Group("/admin", s.adminEnabled)
	admin.Get("/login", func(c *fiber.Ctx) error {
		return render(c, fiber.StatusOK, loginPage(loginView{Next: safeNext(c.Query("next"))}))
	})
	admin.Post("/login", s.sameOrigin, s.login)
	admin.Post("/logout", s.sameOrigin, s.logout)
	admin.Get("/", s.requireAdmin, s.home)
	admin.Get("/gaps", s.requireAdmin, s.gapsPage)
	admin.Get("/queue", s.requireAdmin, s.queue)
	admin.Get("/deliveries", s.requireAdmin, s.deliveriesPage)
	admin.Get("/live", s.requireAdmin, s.liveStream)
	admin.Post("/handoffs/:id/handled", s.requireAdmin, s.sameOrigin, s.markHandled)
	admin.Get("/handoffs/:id", s.requireAdmin, s.handoffPage)
	admin.Post("/handoffs/:id/reply", s.requireAdmin, s.sameOrigin, s.replyPost)
	admin.Post("/handoffs/:id/status", s.requireAdmin, s.sameOrigin, s.statusPost)
	admin.Get("/graph", s.requireAdmin, s.explore)
	admin.Get("/graph/map", s.requireAdmin, s.graphMap)
	admin.Get("/nodes/:id", s.requireAdmin, s.nodePage)
	admin.Get("/build", s.requireAdmin, s.buildPage)
	admin.Get("/evaluation", s.requireAdmin, s.evaluation)
	admin.Get("/evaluation/report", s.requireAdmin, s.evaluationReport)
	admin.Get("/ask", s.requireAdmin, s.askPage)
	admin.Post("/ask", s.requireAdmin, s.sameOrigin, s.askPost)
}

// adminEnabled hides /admin entirely when no token is configured.
func (s *Server) adminEnabled(c *fiber.Ctx) error {
	if s.cfg.AdminToken == "" {
		s.log.Debug("admin page requested but admin pages are disabled (HELPGRAPH_ADMIN_TOKEN unset)", "path", c.Path())
		return errNotFound
	}
	// Admin pages show customers' transcripts: no cache may keep them.
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Next()
}

// tokenMatches compares a presented token with the configured one in
// constant time (hashing first also hides the length).
func (s *Server) tokenMatches(presented string) bool {
	a := sha256.Sum256([]byte(presented))
	b := sha256.Sum256([]byte(s.cfg.AdminToken))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// authorized reports whether the request carries the admin token as a bearer
// header or a valid admin cookie, and whether it was the header. A bearer
// token goes through the sign-in throttle (signin.go): from a blocked
// address it is not compared, and err says to retry later. A request is
// checked once, however many handlers ask.
func (s *Server) authorized(c *fiber.Ctx) (ok, bearer bool, err error) {
	type checked struct {
		ok, bearer bool
		err        error
	}
	if r, done := c.Locals("admin-auth").(checked); done {
		return r.ok, r.bearer, r.err
	}
	if auth := c.Get(fiber.HeaderAuthorization); auth != "" {
		bearer = true
		if token, found := strings.CutPrefix(auth, "Bearer "); found {
			ok, err = s.checkToken(c, token)
		}
	} else {
		cookie := c.Cookies(adminCookie)
		ok = cookie != "" && s.sessions.valid(cookie)
	}
	c.Locals("admin-auth", checked{ok, bearer, err})
	return ok, bearer, err
}

// checkToken compares a presented admin token through the sign-in
// throttle: a blocked address gets errRateLimited and Retry-After.
func (s *Server) checkToken(c *fiber.Ctx, token string) (bool, error) {
	ok, wait := s.signIn.attempt(s.clientKey(c), func() bool { return s.tokenMatches(token) })
	if wait > 0 {
		secs := retryAfterSeconds(wait)
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(secs))
		return false, fmt.Errorf("%w: too many wrong admin tokens from this address; try again in %d s", errRateLimited, secs)
	}
	return ok, nil
}

func (s *Server) requireAdmin(c *fiber.Ctx) error {
	ok, bearer, err := s.authorized(c)
	if err != nil {
		return err
	}
	if ok {
		c.Locals("admin-bearer", bearer)
		return c.Next()
	}
	if c.Method() == fiber.MethodGet && !bearer {
		// No alert before any attempt; the page asked for comes back after sign-in.
		return render(c, fiber.StatusUnauthorized, loginPage(loginView{
			Hint: "Sign in with the support team token to see this page.",
			Next: safeNext(c.OriginalURL()),
		}))
	}
	return errUnauthorized
}

// sameOrigin is the CSRF check for state-changing admin requests: besides the
// SameSite=Strict cookie, a browser's Origin (or Referer) must be this host.
// Requests with neither header pass only when authenticated by bearer token,
// which a browser never sends on its own.
func (s *Server) sameOrigin(c *fiber.Ctx) error {
	from := c.Get(fiber.HeaderOrigin)
	if from == "" || from == "null" {
		from = c.Get(fiber.HeaderReferer)
	}
	if from == "" {
		_, bearer, err := s.authorized(c)
		if err != nil {
			return err
		}
		if bearer {
			return c.Next()
		}
		return fmt.Errorf("%w: missing Origin header", errForbidden)
	}
	u, err := url.Parse(from)
	if err != nil || u.Host != string(c.Request().Host()) {
		s.log.Warn("cross-origin admin request refused", "origin", from, "path", c.Path())
		return fmt.Errorf("%w: cross-origin request", errForbidden)
	}
	return c.Next()
}

func (s *Server) login(c *fiber.Ctx) error {
	ok, err := s.checkToken(c, c.FormValue("token"))
	if err != nil {
		wait := "Try again in " + c.GetRespHeader(fiber.HeaderRetryAfter) + " seconds."
		if c.GetRespHeader(fiber.HeaderRetryAfter) == "1" {
			wait = "Try again in 1 second."
		}
		return render(c, fiber.StatusTooManyRequests, loginPage(loginView{
			Error: "Too many wrong tokens from your address. " + wait, Next: safeNext(c.FormValue("next"))}))
	}
	if !ok {
		return render(c, fiber.StatusUnauthorized, loginPage(loginView{Error: "That token is not right.", Next: safeNext(c.FormValue("next"))}))
	}
	c.Cookie(&fiber.Cookie{
		Name:     adminCookie,
		Value:    s.sessions.start(),
		Path:     "/admin",
		MaxAge:   int(sessionTTL.Seconds()),
		HTTPOnly: true,
		SameSite: fiber.CookieSameSiteStrictMode,
		Secure:   c.Protocol() == "https",
	})
	return c.Redirect(cmp.Or(safeNext(c.FormValue("next")), "/admin/"), fiber.StatusSeeOther)
}

// safeNext returns next when it is a page under /admin of this site (a
// deep link to come back to after sign-in), else "": never another site.
func safeNext(next string) string {
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || strings.Contains(next, "\\") ||
		!strings.HasPrefix(u.Path, "/admin/") || strings.HasPrefix(u.Path, "/admin/login") || strings.HasPrefix(next, "//") {
		return ""
	}
	return u.RequestURI()
}

func (s *Server) logout(c *fiber.Ctx) error {
	s.sessions.end(c.Cookies(adminCookie))
	c.Cookie(&fiber.Cookie{Name: adminCookie, Value: "", Path: "/admin", MaxAge: -1, HTTPOnly: true,
		SameSite: fiber.CookieSameSiteStrictMode, Secure: c.Protocol() == "https"})
	return c.Redirect("/admin/login", fiber.StatusSeeOther)
}

// queuePageSize is how many handoffs one page of the queue shows.
const queuePageSize = 50

// queue lists handoffs, newest first, a page at a time:
// ?status=open|answered|closed, or ?all=1 for all; by default the ones not
// closed. ?before=ID starts the page after handoff ID (the "Older" link).
func (s *Server) queue(c *fiber.Ctx) error {
	filter := c.Query("status")
	if c.Query("all") == "1" {
		filter = "all"
	}
	if filter != "" && filter != "all" && !conversation.Status(filter).Valid() {
		return badRequest("status %q: want open, answered, closed or all", filter)
	}
	q := conversation.HandoffQuery{All: filter == "all", Limit: queuePageSize + 1}
	if filter != "all" {
		q.Status = conversation.Status(filter)
	}
	if b := c.Query("before"); b != "" {
		var err error
		if q.Before, err = strconv.ParseInt(b, 10, 64); err != nil || q.Before < 1 {
			return badRequest("before %q: want a handoff id", b)
		}
	}
	hs, err := s.convs.ListHandoffs(c.UserContext(), q)
	if err != nil {
		return err
	}
	pager := queuePager{}
	if q.Before != 0 {
		pager.Newest = queueURL(filter, 0)
	}
	if len(hs) > queuePageSize {
		hs = hs[:queuePageSize]
		pager.Older = queueURL(filter, hs[len(hs)-1].ID)
	}
	// The latest the customer wrote, after the handoff too, is what a
	// support person triages on.
	said := make(map[int64]string, len(hs))
	for _, h := range hs {
		said[h.ID] = lastCustomerText(h.Transcript)
		if conv, err := s.convs.Get(c.UserContext(), h.ConversationID); err == nil {
			said[h.ID] = cmp.Or(toTeam(h, conv.History), said[h.ID])
		} else if !errors.Is(err, conversation.ErrNotFound) {
			return err
		}
	}
	return render(c, fiber.StatusOK, queuePage(hs, said, filter, pager))
}

// queuePager links a queue page to the next older one and back to the
// newest ("" where there is none).
type queuePager struct {
	Older, Newest templ.SafeURL
}

// queueURL is the queue with filter, from the handoffs older than before
// (0: the newest).
func queueURL(filter string, before int64) templ.SafeURL {
	v := url.Values{}
	if filter != "" {
		v.Set("status", filter)
	}
	if before != 0 {
		v.Set("before", strconv.FormatInt(before, 10))
	}
	if len(v) == 0 {
		return "/admin/queue"
	}
	return templ.SafeURL("/admin/queue?" + v.Encode())
}

func (s *Server) markHandled(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil {
		return badRequest("handoff id %q is not a number", c.Params("id"))
	}
	if err := s.closeByID(c.UserContext(), id); err != nil {
		return err
	}
	return c.Redirect("/admin/queue", fiber.StatusSeeOther)
}

// searchResult is one row of the graph explorer's search.
type searchResult struct {
	NodeID, Problem, Intent string
	Score                   float64
}

func (s *Server) explore(c *fiber.Ctx) error {
	cur := s.current.Load()
	if cur == nil {
		return errNotReady
	}
	q := strings.TrimSpace(c.Query("q"))
	var results []searchResult
	if q != "" {
		hits, err := s.graphs.SearchIntents(c.UserContext(), q, 25)
		if err != nil {
			return fmt.Errorf("searching intents for %q: %w", q, err)
		}
		for _, h := range hits {
			r := searchResult{NodeID: h.NodeID, Intent: h.Intent, Score: h.Score}
			if n := cur.index.Node(h.NodeID); n != nil {
				r.Problem = n.Problem
			}
			results = append(results, r)
		}
	}
	pg := newPager(len(cur.graph.Pages), explorerPageSize, c.QueryInt("page", 1), func(n int) templ.SafeURL { return explorerURL(q, n) })
	return render(c, fiber.StatusOK, explorerPage(q, results, pageOf(pg, cur.graph.Pages), cur.index, pg))
}

// explorerPageSize is how many pages the graph explorer lists at a time:
// LibreOffice's 1,672 pages made one list 60 phone screens long.
const explorerPageSize = 100

// explorerURL is the explorer's page n of pages, keeping the search q.
func explorerURL(q string, n int) templ.SafeURL {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if n > 1 {
		v.Set("page", strconv.Itoa(n))
	}
	if len(v) == 0 {
		return "/admin/graph#pages"
	}
	return templ.SafeURL("/admin/graph?" + v.Encode() + "#pages")
}

// pager is which part of a long list a support page shows: page Page
// (?page=, from 1) of Pages, Size items a page, Total in all; URL is the
// address of page n of the same list.
type pager struct {
	Page, Pages, Size, Total int
	URL                      func(n int) templ.SafeURL
}

// newPager is the pager of a list of total items, size a page, showing
// the page asked for, or the nearest there is.
func newPager(total, size, asked int, url func(n int) templ.SafeURL) pager {
	pages := max(1, (total+size-1)/size)
	return pager{Page: min(max(1, asked), pages), Pages: pages, Size: size, Total: total, URL: url}
}

// first and last are the positions (from 1) of the first and last items
// on the page shown.
func (p pager) first() int { return (p.Page-1)*p.Size + 1 }
func (p pager) last() int  { return min(p.Page*p.Size, p.Total) }

// pageOf returns the items of list (p.Total of them) on the page p shows.
func pageOf[T any](p pager, list []T) []T { return list[p.first()-1 : p.last()] }

// nodeView is the graph explorer's node page.
type nodeView struct {
	Node       graph.Node
	Page       *graph.Page
	Parent     *graph.Node
	Children   []*graph.Node
	References []*graph.Node
	Picture    svgPicture
}

func (s *Server) nodePage(c *fiber.Ctx) error {
	cur := s.current.Load()
	if cur == nil {
		return errNotReady
	}
	ix := cur.index
	n := ix.Node(c.Params("id"))
	if n == nil {
		return fmt.Errorf("node %q: %w", c.Params("id"), errNotFound)
	}
	v := nodeView{Node: *n, Page: ix.Page(n.Page), Parent: ix.Node(ix.Parent(n.ID)), Picture: layoutPageTree(ix, n.ID)}
	for _, id := range ix.Children(n.ID) {
		v.Children = append(v.Children, ix.Node(id))
	}
	for _, id := range ix.References(n.ID) {
		v.References = append(v.References, ix.Node(id))
	}
	return render(c, fiber.StatusOK, nodePage(v))
}

// lintPageSize is how many lint findings the last build page shows at once.
const lintPageSize = 100

// buildView is the last build page.
type buildView struct {
	Build graph.Build
	// Summary is the report read for people; nil when it is not a
	// kgbuild.Report. Report is the whole of it, pretty-printed JSON.
	Summary  *kgbuild.Report
	Report   string
	Findings []kgbuild.Finding
	HasLint  bool
	// Lint filter and sort (?kind=, ?sort=kind|page|severity), with the
	// count of each kind before filtering.
	Kind  kgbuild.FindingKind
	Sort  string
	Kinds []kindCount
	// Findings holds one page of them (Pager, lintPageSize a page): a big
	// help center has thousands (LibreOffice's 1,672 pages, 7,000), too
	// many for one page to load or read.
	Pager  pager
	Titles map[string]string // page URL → title, for lint rows
	Roots  map[string]string // page URL → root node id
	// Resync is the background re-syncs (serve --resync); nil without.
	Resync *resync.Status
}

type kindCount struct {
	Kind  kgbuild.FindingKind
	Count int
}

func (s *Server) buildPage(c *fiber.Ctx) error {
	b, err := s.graphs.LastBuild(c.UserContext())
	if errors.Is(err, graph.ErrNotFound) {
		return fmt.Errorf("no build yet: %w", errNotFound)
	}
	if err != nil {
		return err
	}
	v := buildView{Build: b, Report: prettyJSON(b.Report), Kind: kgbuild.FindingKind(c.Query("kind")), Sort: c.Query("sort", "severity")}
	var r kgbuild.Report
	if len(b.Report) > 0 && json.Unmarshal(b.Report, &r) == nil && r.Pages > 0 {
		v.Summary = &r
	}
	if s.resync != nil {
		st := s.resync()
		v.Resync = &st
	}
	if cur := s.current.Load(); cur != nil && s.lint != nil {
		v.HasLint = true
		all := cur.lintFindings(s.lint)
		counts := map[kgbuild.FindingKind]int{}
		for _, f := range all {
			counts[f.Kind]++
			if v.Kind == "" || f.Kind == v.Kind {
				v.Findings = append(v.Findings, f)
			}
		}
		for k, n := range counts {
			v.Kinds = append(v.Kinds, kindCount{k, n})
		}
		slices.SortFunc(v.Kinds, func(a, b kindCount) int { return strings.Compare(string(a.Kind), string(b.Kind)) })
		slices.SortStableFunc(v.Findings, func(a, b kgbuild.Finding) int {
			switch v.Sort {
			case "page":
				return cmp.Or(strings.Compare(a.Page, b.Page), strings.Compare(string(a.Kind), string(b.Kind)))
			case "kind":
				return cmp.Or(strings.Compare(string(a.Kind), string(b.Kind)), strings.Compare(a.Page, b.Page))
			}
			return cmp.Or(cmp.Compare(b.Kind.Severity(), a.Kind.Severity()), strings.Compare(a.Page, b.Page))
		})
		v.Pager = newPager(len(v.Findings), lintPageSize, c.QueryInt("page", 1), func(n int) templ.SafeURL { return lintQueryURL(v.Kind, v.Sort, n) })
		v.Findings = pageOf(v.Pager, v.Findings)
		v.Titles, v.Roots = map[string]string{}, map[string]string{}
		for _, p := range cur.graph.Pages {
			v.Titles[p.URL] = p.Title
			v.Roots[p.URL] = cur.index.Root(p.URL)
		}
	}
	return render(c, fiber.StatusOK, buildPage(v))
}

// utcTime formats t for the admin pages.
func utcTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

func prettyJSON(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return string(raw)
	}
	return buf.String()
}

// latestReport returns the newest DIR/report.html or DIR/*/report.html.
func latestReport(dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	candidates, _ := filepath.Glob(filepath.Join(dir, "*", "report.html"))
	candidates = append(candidates, filepath.Join(dir, "report.html"))
	var best string
	var bestTime time.Time
	for _, p := range candidates {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if best == "" || fi.ModTime().After(bestTime) {
			best, bestTime = p, fi.ModTime()
		}
	}
	return best, best != ""
}

// evaluation shows the latest report inside the admin pages.
func (s *Server) evaluation(c *fiber.Ctx) error {
	path, ok := latestReport(s.cfg.ReportsDir)
	if !ok {
		return render(c, fiber.StatusNotFound, noReportPage(s.cfg.ReportsDir))
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("reading evaluation report: %w", err)
	}
	return render(c, fiber.StatusOK, evaluationPage(filepath.Base(filepath.Dir(path)), fi.ModTime()))
}

// evaluationReport serves the latest report itself, sandboxed.
func (s *Server) evaluationReport(c *fiber.Ctx) error {
	path, ok := latestReport(s.cfg.ReportsDir)
	if !ok {
		return render(c, fiber.StatusNotFound, noReportPage(s.cfg.ReportsDir))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("reading evaluation report: %w", err)
	}
	c.Set(fiber.HeaderContentSecurityPolicy, cspReport)
	c.Type("html", "utf-8")
	return c.Send(b)
}
