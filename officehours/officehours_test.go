package officehours

import (
	"testing"
	"time"
)

func TestParseRefuses(t *testing.T) {
	for _, s := range []string{"", "Europe/Berlin", "Mon-Fri", "Mon-Fri 9-17", "Mon-Fri 17:00-09:00", "Mon-Fri 09:00-17:00 Mars/Olympus", "Funday 09:00-17:00", "Mon-Fri 09:00-17:00 Sat"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}

func TestOpenAndNextOpening(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	at := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04", s, berlin)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	week, err := Parse("Mon-Fri 09:00-17:00 Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	split, err := Parse("Mon-Thu 08:30-12:00 Mon-Thu 13:00-18:00 Sat 10:00-14:00 Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	// 2026-01-05 is a Monday.
	tests := []struct {
		s        *Schedule
		now      string
		open     bool
		nextOpen string
	}{
		{week, "2026-01-05 10:00", true, "2026-01-05 10:00"},
		{week, "2026-01-05 08:59", false, "2026-01-05 09:00"},
		{week, "2026-01-05 17:00", false, "2026-01-06 09:00"},
		{week, "2026-01-09 18:30", false, "2026-01-12 09:00"},  // Friday evening: Monday
		{week, "2026-01-10 12:00", false, "2026-01-12 09:00"},  // Saturday
		{split, "2026-01-05 12:30", false, "2026-01-05 13:00"}, // lunch
		{split, "2026-01-08 19:00", false, "2026-01-10 10:00"}, // Thursday evening: Saturday
		{split, "2026-01-10 11:00", true, "2026-01-10 11:00"},
	}
	for _, tt := range tests {
		now := at(tt.now)
		if got := tt.s.Open(now); got != tt.open {
			t.Errorf("%s: Open(%s) = %v, want %v", tt.s, tt.now, got, tt.open)
		}
		next, ok := tt.s.NextOpening(now.UTC()) // any zone in, the schedule's out
		if !ok || !next.Equal(at(tt.nextOpen)) || next.Location().String() != "Europe/Berlin" {
			t.Errorf("%s: NextOpening(%s) = %v, want %s Berlin", tt.s, tt.now, next, tt.nextOpen)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("Mon-Fri 09:00-17:00 Europe/Berlin")
	f.Add("Sat,Sun 10:00-24:00")
	f.Fuzz(func(t *testing.T, s string) {
		sch, err := Parse(s)
		if err != nil {
			return
		}
		sch.NextOpening(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	})
}
