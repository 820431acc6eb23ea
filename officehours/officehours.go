// Package officehours reads when a support team works
// ("Mon-Fri 09:00-17:00 Europe/Berlin") and answers whether it is working
// at a given time and when it next starts.
package officehours

import (
	"fmt"
	"strings"
	"time"
)

// Schedule is a team's working week in one time zone.
type Schedule struct {
	text string
	loc  *time.Location
	// days holds, per weekday, the working spans in minutes after midnight.
	days [7][]span
}

type span struct{ from, to int }

var weekdays = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// Parse reads a schedule: one or more "DAYS HH:MM-HH:MM" pairs, then an
// IANA time zone (UTC when left out). DAYS is a day ("Sat"), a range
// ("Mon-Fri") or a list ("Mon,Wed,Fri"):
//
//	Mon-Fri 09:00-17:00 Europe/Berlin
//	Mon-Thu 08:30-18:00 Fri 08:30-14:00 America/New_York
func Parse(s string) (*Schedule, error) {
	fields := strings.Fields(s)
	sch := &Schedule{text: strings.Join(fields, " "), loc: time.UTC}
	if len(fields)%2 == 1 {
		loc, err := time.LoadLocation(fields[len(fields)-1])
		if err != nil {
			return nil, fmt.Errorf("office hours %q: time zone: %w", s, err)
		}
		sch.loc = loc
		fields = fields[:len(fields)-1]
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("office hours %q: want days and hours, like \"Mon-Fri 09:00-17:00 Europe/Berlin\"", s)
	}
	for i := 0; i < len(fields); i += 2 {
		days, err := parseDays(fields[i])
		if err != nil {
			return nil, fmt.Errorf("office hours %q: %w", s, err)
		}
		sp, err := parseSpan(fields[i+1])
		if err != nil {
			return nil, fmt.Errorf("office hours %q: %w", s, err)
		}
		for _, d := range days {
			sch.days[d] = append(sch.days[d], sp)
		}
	}
	return sch, nil
}

func parseDays(s string) ([]time.Weekday, error) {
	var out []time.Weekday
	for part := range strings.SplitSeq(strings.ToLower(s), ",") {
		from, to, isRange := strings.Cut(part, "-")
		a, ok := weekdays[from]
		if !ok {
			return nil, fmt.Errorf("day %q: want Mon, Tue, Wed, Thu, Fri, Sat or Sun", from)
		}
		b := a
		if isRange {
			if b, ok = weekdays[to]; !ok {
				return nil, fmt.Errorf("day %q: want Mon, Tue, Wed, Thu, Fri, Sat or Sun", to)
			}
		}
		for d := a; ; d = (d + 1) % 7 {
			out = append(out, d)
			if d == b {
				break
			}
		}
	}
	return out, nil
}

func parseSpan(s string) (span, error) {
	from, to, ok := strings.Cut(s, "-")
	if !ok {
		return span{}, fmt.Errorf("hours %q: want HH:MM-HH:MM", s)
	}
	a, err1 := parseClock(from)
	b, err2 := parseClock(to)
	if err1 != nil || err2 != nil || b <= a {
		return span{}, fmt.Errorf("hours %q: want HH:MM-HH:MM, the end after the start", s)
	}
	return span{a, b}, nil
}

func parseClock(s string) (int, error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		if s == "24:00" {
			return 24 * 60, nil
		}
		return 0, err
	}
	return t.Hour()*60 + t.Minute(), nil
}

// String is the schedule as it was written.
func (s *Schedule) String() string { return s.text }

// Location is the schedule's time zone.
func (s *Schedule) Location() *time.Location { return s.loc }

// Open reports whether t falls within the working hours.
func (s *Schedule) Open(t time.Time) bool {
	t = t.In(s.loc)
	m := t.Hour()*60 + t.Minute()
	for _, sp := range s.days[t.Weekday()] {
		if m >= sp.from && m < sp.to {
			return true
		}
	}
	return false
}

// NextOpening returns the first start of working hours after t (t itself
// when open), in the schedule's time zone; ok is false for a schedule
// without hours.
func (s *Schedule) NextOpening(t time.Time) (at time.Time, ok bool) {
	t = t.In(s.loc)
	if s.Open(t) {
		return t, true
	}
	for d := range 8 {
		day := time.Date(t.Year(), t.Month(), t.Day()+d, 0, 0, 0, 0, s.loc)
		for _, sp := range s.days[day.Weekday()] {
			start := time.Date(day.Year(), day.Month(), day.Day(), sp.from/60, sp.from%60, 0, 0, s.loc)
			if start.After(t) && (at.IsZero() || start.Before(at)) {
				at = start
			}
		}
		if !at.IsZero() {
			return at, true
		}
	}
	return time.Time{}, false
}
