package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestFreshStart(t *testing.T) {
	a := NewGraphAgent(driftGraph(), Options{})
	for _, tc := range []struct {
		msg, request string
		ok           bool
	}{
		{"never mind, who do I contact?", "who do I contact?", true},
		{"ok never mind. how do I print a document", "how do I print a document", true},
		{"nvm how do i lock the screen", "how do i lock the screen", true},
		{"new question: how do I change the wallpaper?", "how do I change the wallpaper?", true},
		{"Start over - I want to return a gift", "I want to return a gift", true},
		{"on a different note, can I change the keyboard layout?", "can I change the keyboard layout?", true},
		{"forget that, set the time zone", "set the time zone", true},
		{"egal, wie ändere ich das Hintergrundbild?", "wie ändere ich das Hintergrundbild?", true},
		{"laisse tomber : comment imprimer ?", "comment imprimer ?", true},
		{"olvídalo, ¿cómo imprimo?", "¿cómo imprimo?", true},
		// The opening's own act: nothing to match follows it.
		{"never mind", "", false},
		{"ok never mind then", "", false},
		{"start over again", "", false},
		{"new question", "", false},
		{"another question: who do I contact?", "who do I contact?", true},
		{"merci, autre chose : comment imprimer ?", "comment imprimer ?", true},
		{"something else - how do I lock the screen", "how do I lock the screen", true},
		{"ok last thing, how do i print only the chart", "how do i print only the chart", true},
		{"quick question: who do I contact?", "who do I contact?", true},
		{"une dernière question : comment changer le fond d'écran ?", "comment changer le fond d'écran ?", true},
		{"última pregunta: ¿cómo imprimo?", "¿cómo imprimo?", true},
		{"noch eine letzte Frage: wie drucke ich?", "wie drucke ich?", true},
		{"別の質問ですが、ライセンスを別の端末に移せますか？", "ライセンスを別の端末に移せますか？", true},
		// Going on with the topic, or no opening at all.
		{"another question: can I change it later?", "", false},
		{"one more thing, where do I print them?", "", false},
		{"something else is wrong with the screen", "", false},
		{"I never mind waiting, but who do I contact?", "", false},
		{"how do I start over my subscription?", "", false},
		{"forget my password", "", false},
	} {
		request, fresh, ok := a.afterOpening(tc.msg)
		if ok = ok && fresh; !ok {
			request = ""
		}
		if ok != tc.ok || request != tc.request {
			t.Errorf("afterOpening(%q) asks afresh %q, %v; want %q, %v", tc.msg, request, ok, tc.request, tc.ok)
		}
	}
}

// TestAskedPart: what a message asks, without the opening that drops the
// conversation, the announcement of another question (also when the
// request goes on with the topic) or the courtesy it opens with.
func TestAskedPart(t *testing.T) {
	a := NewGraphAgent(driftGraph(), Options{})
	for _, tc := range []struct {
		msg, request string
		fresh        bool
	}{
		{"never mind, who do I contact?", "who do I contact?", true},
		{"one last question: can I change it later?", "can I change it later?", false},
		{"thanks! one more thing, where do I print them?", "where do I print them?", false},
		{"thanks, that worked. something else: who do I contact?", "who do I contact?", true},
		{"great that worked. how do I print a document", "how do I print a document", false},
		{"last thing", "last thing", false},
		{"how do I print the last page?", "how do I print the last page?", false},
	} {
		request, fresh := a.askedPart(tc.msg)
		if request != tc.request || fresh != tc.fresh {
			t.Errorf("askedPart(%q) = %q, %v; want %q, %v", tc.msg, request, fresh, tc.request, tc.fresh)
		}
	}
}

// TestFreshStartAsksAfresh: a request after "never mind" or "new question"
// is answered as a conversation's first message, not with the earlier
// words ("who do I contact?" after a return is about the refund page) nor
// dropped by starting over; and the next follow-up's topic begins there.
func TestFreshStartAsksAfresh(t *testing.T) {
	const first = "how do I return a damaged item I bought as a gift"
	for _, tc := range []struct {
		name, then string
		action     Action
		node       string
	}{
		{"never mind", "never mind, who do I contact?", Resolution, "contacts"},
		{"new question", "new question: who do I contact?", Resolution, "contacts"},
		{"start over with a request", "start over - who do I contact?", Resolution, "contacts"},
		{"the act alone still starts over", "start over", Clarification, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, driftGraph(), first, "return", tc.then, tc.action, tc.node)
		})
	}
	t.Run("after thanks", func(t *testing.T) {
		checkSecondTurn(t, driftGraph(), first, "return", "thanks, that worked. something else: who do I contact?", Resolution, "contacts")
	})
	t.Run("the topic begins at the fresh request", func(t *testing.T) {
		a := NewGraphAgent(driftGraph(), Options{})
		s := &Session{}
		for _, msg := range []string{first, "never mind, how do I change the screen brightness?"} {
			if _, err := a.Respond(context.Background(), s, msg); err != nil {
				t.Fatal(err)
			}
		}
		got := a.topic(&Session{History: append(s.History, Turn{Role: "user", Text: "and then?"})})
		for _, w := range got {
			if w == "return" || w == "gift" {
				t.Errorf("topic %v holds words from before the fresh start", got)
			}
		}
		if len(got) == 0 {
			t.Errorf("topic is empty, want the fresh request's words")
		}
	})
}

func TestAfterCourtesy(t *testing.T) {
	a := NewGraphAgent(driftGraph(), Options{})
	for _, tc := range []struct {
		msg, request string
		ok           bool
	}{
		{"great that worked. how do I print a document", "how do I print a document", true},
		{"that worked, thanks! how do I lock the screen?", "how do I lock the screen?", true},
		{"perfect, thank you. how do I set the time zone", "how do I set the time zone", true},
		{"ok, cool. where is the address book?", "where is the address book?", true},
		// No courtesy first, or nothing of its own after it.
		{"how do I print a document, thanks", "", false},
		{"thanks, yes", "", false},
		{"great, thanks!", "", false},
		{"no, how do I print a document", "", false},
		{"print a document, then lock the screen", "", false},
	} {
		request, ok := a.afterCourtesy(tc.msg)
		if ok != tc.ok || request != tc.request {
			t.Errorf("afterCourtesy(%q) = %q, %v; want %q, %v", tc.msg, request, ok, tc.request, tc.ok)
		}
	}
}

// TestCourtesyNotMatched: the courtesy a request opens with is not
// matched with it: "works" and "great" are words of a page too.
func TestCourtesyNotMatched(t *testing.T) {
	g := driftGraph()
	const deals = "https://help.shop.example/deals"
	g.Pages = append(g.Pages, graph.Page{URL: deals, Title: "Great deals"})
	g.Nodes = append(g.Nodes, graph.Node{ID: "deals", Page: deals, Problem: "Great deals that work for you", Root: true, Actionable: true,
		Resolution: "Our great deals work on every item."})
	r := firstReply(t, g, "great, that worked! how do I print?")
	if r.Action != Resolution || r.NodeID != "print" {
		t.Errorf("got %s at %q (%q), want the print answer", r.Action, r.NodeID, r.Text)
	}
}

// TestStartedOverTurnsAreRecordOnly: after a start over, the turns before
// it are the conversation's record, not its context: the agent's answer
// before and the request before are not the last ones.
func TestStartedOverTurnsAreRecordOnly(t *testing.T) {
	for _, restart := range [][]string{{"never mind, how do I lock the screen?"}, {"start over", "how do I lock the screen?"}} {
		a := NewGraphAgent(driftGraph(), Options{})
		s := &Session{}
		for _, msg := range append([]string{"how do I return a damaged item I bought as a gift"}, restart...) {
			if _, err := a.Respond(context.Background(), s, msg); err != nil {
				t.Fatal(err)
			}
		}
		last, before := lastAgentTurns(s)
		if last.NodeID != "lock" || before.NodeID == "return" {
			t.Errorf("%q: last agent turns at %q and %q, want %q and not the answer before the start over", restart, last.NodeID, before.NodeID, "lock")
		}
		s.History = append(s.History, Turn{Role: "user", Text: "and then?"})
		if prev := a.previousRequest(s); prev != "how do I lock the screen?" {
			t.Errorf("%q: previous request %q, want the one after the start over", restart, prev)
		}
		if said := saidAt(s, "return"); said != "" {
			t.Errorf("%q: said at the node answered before the start over: %q, want nothing", restart, said)
		}
	}
}
