package inquiry

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/shareddata"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

func TestRead(t *testing.T) {
	ok := `{"id":"a","utterance":"u","kind":"resolvable","gold_response":"g","core_facts":["f"]}`
	tests := []struct {
		name, in, wantErr string
	}{
		{"valid", ok + "\n\n" + `{"id":"b","utterance":"u","kind":"escalation","gold_response":"","core_facts":[]}`, ""},
		{"duplicate id", ok + "\n" + ok, "line 2: duplicate id \"a\" (first on line 1)"},
		{"unknown kind", `{"id":"a","utterance":"u","kind":"maybe","core_facts":["f"]}`, "line 1: inquiry \"a\": unknown kind"},
		{"empty utterance", `{"id":"a","utterance":"","kind":"resolvable","core_facts":["f"]}`, "line 1: inquiry \"a\": empty utterance"},
		{"no core facts", ok + "\n" + `{"id":"b","utterance":"u","kind":"resolvable","core_facts":[]}`, "line 2: inquiry \"b\": a resolvable inquiry needs core_facts"},
		{"bad json", `{"id":`, "line 1:"},
		{"unknown field", `{"id":"a","utterance":"u","kind":"escalation","colour":"red"}`, "line 1: json: unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qs, err := Read(strings.NewReader(tt.in))
			if tt.wantErr == "" {
				if err != nil || len(qs) != 2 {
					t.Fatalf("got %d inquiries, err %v", len(qs), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	qs := []Inquiry{{ID: "a", Utterance: "u <b>", Kind: Resolvable, GoldResponse: "g & h", CoreFacts: []string{"f"}, HiddenFacts: map[string]string{"k": "v"}, Topic: "t"}}
	var buf bytes.Buffer
	if err := Write(&buf, qs); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, qs) {
		t.Errorf("round trip: got %+v", got)
	}
}

func TestCoreFacts(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Call the StayNest Reservation Center at 0570-000-123 (9:00-20:00, every day). Reservations made by phone can't be cancelled online.",
			[]string{"0570-000-123", "9:00", "20:00", "StayNest Reservation Center"}},
		{"Open the [Guest Reservation page](https://x/guest.html), enter your confirmation code and click Cancel.",
			[]string{"Guest Reservation page", "Open the Guest Reservation page"}},
		{"A fee of 50% applies within 2 days of arrival.", []string{"50%", "2 days"}},
	}
	for _, tt := range tests {
		if got := CoreFacts(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("CoreFacts(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// pathGraph: a page whose root asks how you booked, with an online and a
// phone leaf, and an unactionable dead end; a second page with a lone root.
func pathGraph() *graph.Graph {
	return &graph.Graph{
		Pages: []graph.Page{{URL: "u/cancel", Title: "Cancelling a reservation", Status: graph.PageOK}, {URL: "u/fees", Title: "Fees", Status: graph.PageOK}},
		Nodes: []graph.Node{
			{ID: "r", Page: "u/cancel", Problem: "Cancelling a reservation", Resolution: "How you cancel depends on how you booked.", Actionable: false, Root: true},
			{ID: "on", Page: "u/cancel", Problem: "Cancel an online reservation", Condition: "If you booked online", Resolution: "Open [My Reservations](https://x/my) and click Cancel reservation.", Actionable: true},
			{ID: "ph", Page: "u/cancel", Problem: "Cancel a phone reservation", Condition: "If you booked by phone", Resolution: "Call 0570-000-123 (9:00-20:00).", Actionable: true},
			{ID: "dead", Page: "u/cancel", Problem: "Cancel after check-in", Condition: "After the check-in time", Resolution: "Contact the accommodation directly.", Actionable: false},
			{ID: "fees", Page: "u/fees", Problem: "Cancellation fees", Resolution: "The fee is 50% within 2 days of arrival.", Actionable: true, Root: true},
		},
		Edges: []graph.Edge{{From: "r", To: "on", Type: graph.Child}, {From: "r", To: "ph", Type: graph.Child}, {From: "r", To: "dead", Type: graph.Child}},
	}
}

func TestGenerate(t *testing.T) {
	qs, err := Generate(context.Background(), pathGraph(), TemplatePhraser{})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 4 {
		t.Fatalf("got %d inquiries, want 4: %+v", len(qs), qs)
	}
	ph := qs[1]
	if ph.ID != "gen-ph" || ph.Kind != Resolvable || ph.HiddenFacts["cancelling_a_reservation"] != "If you booked by phone" ||
		ph.GoldResponse != "Call 0570-000-123 (9:00-20:00)." || ph.CoreFacts[0] != "0570-000-123" || ph.Topic != "Cancelling a reservation" {
		t.Errorf("phone inquiry: %+v", ph)
	}
	if !strings.Contains(ph.Utterance, "cancelling a reservation") || strings.Contains(strings.ToLower(ph.Utterance), "phone") {
		t.Errorf("utterance %q should name the root problem and not the condition", ph.Utterance)
	}
	if qs[2].ID != "gen-dead" || qs[2].Kind != Escalation {
		t.Errorf("dead end: %+v", qs[2])
	}
	if qs[3].ID != "gen-fees" || len(qs[3].HiddenFacts) != 0 {
		t.Errorf("lone root: %+v", qs[3])
	}
	var buf bytes.Buffer
	if err := Write(&buf, qs); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(&buf); err != nil {
		t.Errorf("generated set does not validate: %v", err)
	}
}

func TestLLMPhraser(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Content: `{"utterance": ""}`}, llmtest.Reply{Content: `{"utterance": "I need to cancel a booking."}`})
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Generate(context.Background(), &graph.Graph{Pages: pathGraph().Pages[1:], Nodes: pathGraph().Nodes[4:]}, LLMPhraser{LLM: client})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 1 || qs[0].Utterance != "I need to cancel a booking." {
		t.Errorf("got %+v", qs)
	}
	if !strings.Contains(s.Requests()[0].LastUser(), "General problem: Cancellation fees") {
		t.Errorf("prompt: %s", s.Requests()[0].LastUser())
	}
}

func TestImportDoc2Dial(t *testing.T) {
	qs, st, err := ImportDoc2Dial("testdata/doc2dial")
	if err != nil {
		t.Fatal(err)
	}
	if st.Dialogues != 6 || st.Imported != 4 || st.Skipped[SkipNoGrounding] != 1 || st.Skipped[SkipNoUtterance] != 1 || st.Fallbacks != 1 {
		t.Errorf("stats %+v", st)
	}
	want := []Inquiry{
		// Labelled: the clarification's precondition is part of the gold
		// response, only the solution span is a core fact, and the user's
		// reply to the clarification is a hidden fact.
		{ID: "d1", Utterance: "How do I apply?", Kind: Resolvable, Topic: "Apply for benefits | SSA",
			GoldResponse: "If you live in the U.S., you can apply online (it takes 10 minutes).", CoreFacts: []string{"you can apply online (it takes 10 minutes)."},
			HiddenFacts: map[string]string{"if_you_live_in_the_u_s": "Yes, I do."}},
		{ID: "d2", Utterance: "I lost my card", Kind: Resolvable, Topic: "Replace a card | SSA",
			GoldResponse: "Call 1-800-772-1213; or visit an office.", CoreFacts: []string{"Call 1-800-772-1213;", "or visit an office."}},
		// Unlabelled: the agent's question is a clarification, the next
		// grounded statement the answer; the later exchange about another
		// question adds a hidden fact but no core fact.
		{ID: "d5", Utterance: "Can I appeal online?", Kind: Resolvable, Topic: "Appeal | SSA",
			GoldResponse: "If your claim was denied for medical reasons, you can request an appeal online.", CoreFacts: []string{"you can request an appeal online."},
			HiddenFacts: map[string]string{"if_your_claim_was_denied_for_medical_rea": "yes", "do_you_have_an_account": "no"}},
		// The agent only asks: its first grounded turn is the answer.
		{ID: "d6", Utterance: "hi, I have a question", Kind: Resolvable, Topic: "Forms | SSA",
			GoldResponse: "Mail the forms to us.", CoreFacts: []string{"Mail the forms to us."},
			HiddenFacts: map[string]string{"mail_the_forms_to_us": "yes"}},
	}
	if !reflect.DeepEqual(qs, want) {
		t.Errorf("got  %+v\nwant %+v", qs, want)
	}
}

func TestImportDoc2DialSSA(t *testing.T) {
	qs, st, err := ImportDoc2Dial(shareddata.Doc2DialSSA(t))
	if err != nil {
		t.Fatal(err)
	}
	if st.Imported != len(qs) || st.Imported+sum(st.Skipped) != st.Dialogues || len(qs) < 100 {
		t.Errorf("stats %+v for %d inquiries", st, len(qs))
	}
	var buf bytes.Buffer
	if err := Write(&buf, qs); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(&buf); err != nil {
		t.Errorf("imported set does not validate: %v", err)
	}
	// One question, one answer: the facts of one agent turn, not of the
	// whole dialogue (about 9 per inquiry when every turn counted).
	facts, withHidden := 0, 0
	for _, q := range qs {
		facts += len(q.CoreFacts)
		if len(q.HiddenFacts) > 0 {
			withHidden++
		}
	}
	if mean := float64(facts) / float64(len(qs)); mean > 3 || withHidden < len(qs)/2 {
		t.Errorf("%.1f core facts per inquiry, %d of %d with hidden facts", mean, withHidden, len(qs))
	}
	for _, q := range qs {
		for _, f := range q.CoreFacts {
			if strings.Contains(f, " , ") || strings.Contains(f, " .") {
				t.Fatalf("inquiry %s: fact %q keeps doc2dial's tokenised spacing", q.ID, f)
			}
		}
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
