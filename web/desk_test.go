package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/officehours"
)

// recordingDesk keeps the events published, in order.
type recordingDesk struct {
	mu     sync.Mutex
	events []notify.Event
	log    []notify.Delivery
}

func (d *recordingDesk) Publish(e notify.Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.events = append(d.events, e)
}
func (d *recordingDesk) Deliveries() []notify.Delivery { return d.log }
func (d *recordingDesk) Sinks() []string               { return []string{"recorder"} }

func (d *recordingDesk) kinds() []notify.Kind {
	d.mu.Lock()
	defer d.mu.Unlock()
	var ks []notify.Kind
	for _, e := range d.events {
		ks = append(ks, e.Kind)
	}
	return ks
}

func (d *recordingDesk) last() notify.Event {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.events[len(d.events)-1]
}

// Without e-mail the chat neither asks for an address nor promises an
// answer at one, even when the customer types one.
func TestNoEmailWithoutSMTP(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	_, r, _ := env.chat(t, "", "I want a human")
	if r.Action != dialogue.Escalation || !strings.Contains(r.Reply, r.Handoff.Ref) {
		t.Fatalf("escalation = %+v", r)
	}
	var said []string
	said = append(said, r.Reply)
	for _, msg := range []string{"jane@example.com", "my address is jane@example", "no thanks"} {
		_, f, _ := env.chat(t, r.SessionID, msg)
		if f.Action != actionHandoff {
			t.Fatalf("%q: %+v", msg, f)
		}
		said = append(said, f.Reply)
	}
	for _, s := range said {
		if strings.Contains(strings.ToLower(s), "e-mail") || strings.Contains(strings.ToLower(s), "email") ||
			strings.Contains(s, "We will also answer at") {
			t.Errorf("a server without e-mail said %q", s)
		}
	}
	h, _ := env.convs.LatestHandoff(context.Background(), r.SessionID)
	if h.Contact != "" || h.AwaitingContact {
		t.Errorf("handoff kept contact %q, awaiting %v; want none", h.Contact, h.AwaitingContact)
	}
	_, chat := env.do(t, httptest.NewRequest("GET", "/?s="+r.SessionID, nil))
	if strings.Contains(chat, "e-mail") {
		t.Error("the chat page mentions e-mail")
	}
}

func TestOfficeHoursNotice(t *testing.T) {
	hours, err := officehours.Parse("Mon-Fri 09:00-17:00 Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	berlin, _ := time.LoadLocation("Europe/Berlin")
	tests := []struct {
		name, now string
		want      string // "" for none
	}{
		{"open", "2026-01-05 10:00", ""},
		{"early", "2026-01-05 07:30", "expect an answer after 09:00 today"},
		{"evening", "2026-01-06 19:00", "expect an answer after 09:00 tomorrow"},
		{"weekend", "2026-01-10 12:00", "expect an answer after Monday 09:00"},
		{"Friday night", "2026-01-09 23:00", "expect an answer after Monday 09:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now, _ := time.ParseInLocation("2006-01-02 15:04", tt.now, berlin)
			env := newTestEnv(t, Config{OfficeHours: hours, Now: func() time.Time { return now.UTC() }})
			_, r, _ := env.chat(t, "", "I want a human")
			told := strings.Contains(r.Reply, "Our team works Mon-Fri 09:00-17:00 Europe/Berlin")
			if tt.want == "" && told {
				t.Errorf("within office hours the reply names them: %q", r.Reply)
			}
			if tt.want != "" && (!told || !strings.Contains(r.Reply, tt.want)) {
				t.Errorf("reply %q, want the hours and %q", r.Reply, tt.want)
			}
		})
	}
}

// The team's side of a handoff: the events the desk gets, the reply read
// in the chat, closing told to the customer, and the queue showing what
// the customer last wrote to the team rather than to the bot.
func TestDeskEventsAndClosing(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken, EmailReplies: true, PublicURL: "https://help.example"})
	desk := &recordingDesk{}
	env.srv.desk = desk
	ctx := context.Background()

	_, r, _ := env.chat(t, "", "I want a human")
	id, ref := r.SessionID, r.Handoff.Ref
	created := desk.last()
	if created.Kind != notify.Created || created.Ref != ref || len(created.Transcript) != 2 ||
		created.AdminURL != "https://help.example/admin/handoffs/"+itoa(created.HandoffID) {
		t.Fatalf("created event = %+v", created)
	}
	env.chat(t, id, "jane@example.com")
	env.chat(t, id, "it is booking 42")
	if e := desk.last(); e.Kind != notify.CustomerMessage || e.Message.Text != "it is booking 42" || e.Contact != "jane@example.com" {
		t.Errorf("customer message event = %+v", e)
	}
	hid := itoa(created.HandoffID)
	if status, _ := adminPost(t, env, "/admin/handoffs/"+hid+"/reply", url.Values{"reply": {"Fixed it."}}); status != 303 {
		t.Fatalf("reply: %d", status)
	}
	replied := desk.last()
	if replied.Kind != notify.Replied || replied.Message.Text != "Fixed it." || replied.ReplySeen == nil {
		t.Fatalf("replied event = %+v", replied)
	}
	if replied.ReplySeen() {
		t.Error("the reply counts as read before the chat showed it")
	}
	updates(t, env, id, 0)
	if !replied.ReplySeen() {
		t.Error("the chat's poll showed the reply, but it does not count as read")
	}

	if status, _ := adminPost(t, env, "/admin/handoffs/"+hid+"/status", url.Values{"status": {"closed"}}); status != 303 {
		t.Fatalf("close: %d", status)
	}
	if e := desk.last(); e.Kind != notify.Closed || e.Ref != ref {
		t.Errorf("closed event = %+v", e)
	}
	u := updates(t, env, id, replied.Message.Seq+1)
	if len(u.Turns) != 1 || !strings.Contains(u.Turns[0].Text, "closed your request "+ref) || u.Handoff.Status != conversation.StatusClosed {
		t.Errorf("after closing the chat gets %+v, want the closing note", u)
	}
	_, chat := env.do(t, httptest.NewRequest("GET", "/?s="+id, nil))
	if !strings.Contains(chat, `closed your request <span class="ref">`+ref) {
		t.Error("the reloaded chat does not tell the customer the request was closed")
	}
	// Closing twice says it once.
	adminPost(t, env, "/admin/handoffs/"+hid+"/handled", nil)
	if n := strings.Count(strings.Join(kindsText(desk.kinds()), " "), string(notify.Closed)); n != 1 {
		t.Errorf("%d closed events, want 1", n)
	}

	// After the close the customer talks to the bot; the queue keeps what
	// they last said to the team.
	env.chat(t, id, "another booking question")
	_, queue := adminGet(t, env, "/admin/queue?all=1")
	if !strings.Contains(queue, "it is booking 42") || strings.Contains(queue, "another booking question") {
		t.Errorf("queue does not show the last message to the team")
	}
	if h, _ := env.convs.HandoffByRef(ctx, ref); h.Status != conversation.StatusClosed {
		t.Errorf("status %s, want closed", h.Status)
	}
	want := []notify.Kind{notify.Created, notify.CustomerMessage, notify.CustomerMessage, notify.Replied, notify.Closed}
	if got := desk.kinds(); strings.Join(kindsText(got), ",") != strings.Join(kindsText(want), ",") {
		t.Errorf("events %v, want %v", got, want)
	}
}

func kindsText(ks []notify.Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func TestToTeam(t *testing.T) {
	h := conversation.Handoff{Transcript: []dialogue.Turn{{Role: "user", Text: "refund"}, {Role: "agent", Text: "a person will reply", Action: dialogue.Escalation}}}
	receipt := dialogue.Turn{Role: "agent", Text: "Added", Action: actionHandoff}
	tests := []struct {
		name  string
		after []dialogue.Turn
		want  string
	}{
		{"only the request", nil, "refund"},
		{"a message to the team", []dialogue.Turn{{Role: "user", Text: "order 42"}, receipt}, "order 42"},
		{"a support reply between", []dialogue.Turn{{Role: "user", Text: "order 42"}, receipt, {Role: "support", Text: "done"}, {Role: "user", Text: "thanks"}, receipt}, "thanks"},
		{"to the bot after the close", []dialogue.Turn{{Role: "user", Text: "order 42"}, receipt, {Role: "support", Text: "closed"},
			{Role: "user", Text: "new question"}, {Role: "agent", Text: "answer", Action: dialogue.Resolution}}, "order 42"},
	}
	for _, tt := range tests {
		if got := toTeam(h, append(append([]dialogue.Turn{}, h.Transcript...), tt.after...)); got != tt.want {
			t.Errorf("%s: toTeam = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDeliveriesPage(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	if _, page := adminGet(t, env, "/admin/deliveries"); !strings.Contains(page, "not sent anywhere") {
		t.Error("without a desk the page does not say handoffs go nowhere")
	}
	env.srv.desk = &recordingDesk{log: []notify.Delivery{
		{At: time.Now(), Sink: "webhook", Kind: notify.Created, Ref: "HG-ABCDEF", Attempt: 2, Outcome: notify.Retrying, Err: "503 <Service Unavailable>"},
	}}
	status, page := adminGet(t, env, "/admin/deliveries")
	for _, want := range []string{"recorder", "HG-ABCDEF", "handoff.created", "retrying", "503 &lt;Service Unavailable&gt;"} {
		if status != 200 || !strings.Contains(page, want) {
			t.Errorf("deliveries page (%d) lacks %q", status, want)
		}
	}
}

// A reply counts as read only where the customer can see it: the chat
// page, a poll of a shown chat; not the closed widget's frame or its polls.
func TestReadReceipts(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	_, r, _ := env.chat(t, "", "I want a human")
	id := r.SessionID
	h, _ := env.convs.LatestHandoff(context.Background(), id)
	seq, err := env.srv.reply(context.Background(), h, "", "Hello from support")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		path string
		seen bool
	}{
		{"/embed?s=" + id, false},
		{"/api/chat/updates?session_id=" + id + "&after=0&shown=0", false},
		{"/api/chat/updates?session_id=" + id + "&after=0&shown=1", true},
	}
	for _, st := range steps {
		env.do(t, httptest.NewRequest("GET", st.path, nil))
		if got := env.srv.receipts.hasSeen(id, seq); got != st.seen {
			t.Errorf("after GET %s: seen %v, want %v", st.path, got, st.seen)
		}
	}
	_, r2, _ := env.chat(t, "", "I want a human too")
	h2, _ := env.convs.LatestHandoff(context.Background(), r2.SessionID)
	seq2, _ := env.srv.reply(context.Background(), h2, "", "Hi")
	env.do(t, httptest.NewRequest("GET", "/?s="+r2.SessionID, nil))
	if !env.srv.receipts.hasSeen(r2.SessionID, seq2) {
		t.Error("the chat page showed the reply, but it does not count as read")
	}
}
