package web

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
)

// gapRow is one line of the gaps page.
type gapRow struct {
	conversation.Gap
	Label     string // the node's problem; "" for no node
	PageTitle string
}

// gapsPage serves /admin/gaps?days=N: what customers asked that the help
// center did not answer, grouped by the nearest node.
func (s *Server) gapsPage(c *fiber.Ctx) error {
	days, err := strconv.Atoi(c.Query("days", "30"))
	if err != nil || days < 1 || days > 3650 {
		return badRequest("days %q: want a number of days from 1 to 3650", c.Query("days"))
	}
	events, err := s.convs.GapEvents(c.UserContext(), time.Now().AddDate(0, 0, -days))
	if err != nil {
		return err
	}
	cur := s.current.Load()
	pageOf := func(id string) string {
		if cur != nil {
			if n := cur.index.Node(id); n != nil {
				return n.Page
			}
		}
		return ""
	}
	var rows []gapRow
	for _, g := range conversation.GroupGaps(events, pageOf) {
		r := gapRow{Gap: g}
		if cur != nil {
			if n := cur.index.Node(g.NodeID); n != nil {
				r.Label = n.Problem
			}
			if p := cur.index.Page(g.Page); p != nil {
				r.PageTitle = p.Title
			}
		}
		if r.Label == "" && g.NodeID != "" {
			r.Label = g.NodeID + " (no longer in the graph)"
		}
		rows = append(rows, r)
	}
	return render(c, fiber.StatusOK, gapsPage(rows, days, len(events)))
}

// dayRow is one day of the admin home's table.
type dayRow struct {
	conversation.DayStats
}

func pct(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

func (d dayRow) ResolutionRate() string { return pct(d.Resolved, d.Conversations) }
func (d dayRow) EscalationRate() string { return pct(d.Escalated, d.Conversations) }
func (d dayRow) HelpfulRate() string    { return pct(d.Helpful, d.Helpful+d.Not) }

// homeView is the admin home page.
type homeView struct {
	Days    []dayRow
	Total   dayRow
	Waiting int
	Chart   rateChart
}

// homeDays is how many days the admin home shows.
const homeDays = 14

func (s *Server) home(c *fiber.Ctx) error {
	days, err := s.convs.Daily(c.UserContext(), homeDays)
	if err != nil {
		return err
	}
	waiting, err := s.convs.Handoffs(c.UserContext(), true)
	if err != nil {
		return err
	}
	v := homeView{Waiting: len(waiting)}
	for _, d := range days {
		v.Days = append(v.Days, dayRow{d})
		v.Total.Conversations += d.Conversations
		v.Total.Resolved += d.Resolved
		v.Total.Escalated += d.Escalated
		v.Total.Helpful += d.Helpful
		v.Total.Not += d.Not
	}
	v.Chart = newRateChart(days)
	return render(c, fiber.StatusOK, homePage(v))
}

// rateChart is the admin home's line chart of the three rates, as SVG
// attributes (the CSP allows no inline styles).
type rateChart struct {
	Width, Height int
	Lines         []rateLine
	Labels        []axisLabel
}

type rateLine struct {
	Name, Class, Points string
	Dots                []dot
}

// dot is one day's value, marked so a single day still shows.
type dot struct {
	X, Y  int
	Title string
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

type axisLabel struct {
	X    int
	Text string
}

func newRateChart(days []conversation.DayStats) rateChart {
	const w, h, left, top, bottom = 640, 200, 40, 10, 30
	ch := rateChart{Width: w, Height: h}
	x := func(i int) int {
		if len(days) < 2 {
			return left
		}
		return left + i*(w-left-30)/(len(days)-1)
	}
	y := func(frac float64) int { return top + int((1-frac)*float64(h-top-bottom)) }
	series := []struct {
		name, class string
		rate        func(d conversation.DayStats) (int, int)
	}{
		{"Resolved", "rate-resolved", func(d conversation.DayStats) (int, int) { return d.Resolved, d.Conversations }},
		{"Escalated", "rate-escalated", func(d conversation.DayStats) (int, int) { return d.Escalated, d.Conversations }},
		{"Rated helpful", "rate-helpful", func(d conversation.DayStats) (int, int) { return d.Helpful, d.Helpful + d.Not }},
	}
	for _, sr := range series {
		l := rateLine{Name: sr.name, Class: sr.class}
		var pts []string
		for i, d := range days {
			if n, of := sr.rate(d); of > 0 { // days without data are skipped
				px, py := x(i), y(float64(n)/float64(of))
				pts = append(pts, fmt.Sprintf("%d,%d", px, py))
				l.Dots = append(l.Dots, dot{X: px, Y: py, Title: fmt.Sprintf("%s %s (%d of %d)", d.Day.Format("Jan 2"), pct(n, of), n, of)})
			}
		}
		l.Points = strings.Join(pts, " ")
		ch.Lines = append(ch.Lines, l)
	}
	for i, d := range days {
		if (len(days)-1-i)%2 == 0 { // every other day, ending today
			ch.Labels = append(ch.Labels, axisLabel{X: x(i), Text: d.Day.Format("Jan 2")})
		}
	}
	return ch
}
