package web

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// TestGapsAndOverview: an escalated question and a 👎 answer of a test run
// show on the gaps page with their counts, and in the overview's rates.
func TestGapsAndOverview(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	// Escalated: the question matched nothing the fake agent knows.
	env.chat(t, "", "my parrot ate the invoice")
	// Answered from "online", then rated 👎.
	_, r1, _ := env.chat(t, "", "booking")
	_, r2, _ := env.chat(t, r1.SessionID, "booked online")
	req := httptest.NewRequest("POST", "/api/feedback", strings.NewReader(`{"session_id":"`+r1.SessionID+`","turn":`+itoa(int64(r2.Turn))+`,"helpful":false}`))
	req.Header.Set("Content-Type", "application/json")
	if resp, body := env.do(t, req); resp.StatusCode != 200 {
		t.Fatalf("feedback: %d %s", resp.StatusCode, body)
	}

	status, page := adminGet(t, env, "/admin/gaps")
	if status != 200 {
		t.Fatalf("gaps: %d", status)
	}
	for _, want := range []string{"2 questions in 2 groups", "No page", "“my parrot ate the invoice”",
		`href="/admin/nodes/online"`, "error changing an online booking", "“booked online”"} {
		if !strings.Contains(page, want) {
			t.Errorf("gaps page lacks %q", want)
		}
	}
	// Each group's row: total, escalated, 👎, rephrase.
	row := regexp.MustCompile(`(?s)<tr>.*?</tr>`)
	counts := regexp.MustCompile(`class="num"[^>]*><strong>(\d+)</strong></td><td class="num"[^>]*>(\d+)</td><td class="num"[^>]*>(\d+)</td><td class="num"[^>]*>(\d+)</td>`)
	var got []string
	for _, r := range row.FindAllString(page, -1) {
		if m := counts.FindStringSubmatch(r); m != nil {
			got = append(got, strings.Join(m[1:], " "))
		}
	}
	if strings.Join(got, ", ") != "1 1 0 0, 1 0 1 0" && strings.Join(got, ", ") != "1 0 1 0, 1 1 0 0" {
		t.Errorf("gap counts (total escalated 👎 rephrase) = %q", got)
	}
	if status, _ := adminGet(t, env, "/admin/gaps?days=x"); status != 400 {
		t.Errorf("gaps?days=x: %d, want 400", status)
	}

	status, home := adminGet(t, env, "/admin/")
	if status != 200 {
		t.Fatalf("overview: %d", status)
	}
	// 2 conversations: one resolved, one escalated; one rating, 👎.
	for _, want := range []string{`<div class="big">50%</div>resolved`, `<div class="big">50%</div>handed to a person`,
		`<div class="big">0%</div>of 1 rating said helpful`, `<polyline points="`} {
		if !strings.Contains(strings.ReplaceAll(home, "\n", ""), want) {
			t.Errorf("overview lacks %q", want)
		}
	}
}
