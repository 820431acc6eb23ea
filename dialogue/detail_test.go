package dialogue

import (
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestCaseDetailOf: a message that only tells a detail of the customer's
// case gives that detail; a request, a question or a complaint none.
func TestCaseDetailOf(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"it's a desktop", "desktop"},
		{"its an old tablet", "old tablet"},
		{"I'm on linux", "linux"},
		{"i am using the beta version", "beta version"},
		{"i run ubuntu 24.04", "ubuntu 24.04"},
		{"oh, on my home pc", "home pc"},
		{"with a touchscreen.", "touchscreen"},
		{"i have a problem", ""},
		{"it's an error", ""},
		{"how do I use my tablet?", ""},
		{"i have a tablet that will not start after the update", ""},
		{"it's not a tablet", ""},
		{"thanks", ""},
		{"its a diskless workstation actually", "diskless workstation"},
		{"I'm on a mac now", "mac"},
		{"i bought it last year", "bought it last year"},
		{"we installed it yesterday.", "installed it yesterday"},
		{"ok, i just updated it", "updated it"},
		{"i need it by friday", ""},
		{"i lost it yesterday", ""},
		{"i bought it last year, why does it not charge?", ""},
		{"i bought a new one", ""},
		{"i didn't buy it", ""},
		{"I paid with paypal", "paypal"},
		{"i paid by credit card.", "credit card"},
		{"i bought it from the app store", "app store"},
		{"i paid with paypal, how do i get my money back?", ""},
	} {
		if got := caseDetailOf(tc.msg); got != tc.want {
			t.Errorf("caseDetailOf(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// TestCaseDetailOfInLanguages: German, French, Spanish, Portuguese,
// Italian and Dutch details of the
// case are read in the conversation's or the pages' language; another
// language's are not.
func TestCaseDetailOfInLanguages(t *testing.T) {
	for _, tc := range []struct{ lang, msg, want string }{
		{"de", "es ist ein Laptop", "Laptop"},
		{"de", "auf meinem iPhone", "iPhone"},
		{"de", "ich benutze Linux", "Linux"},
		{"fr", "sur mon iphone", "iphone"},
		{"fr", "c'est un vieux portable", "vieux portable"},
		{"fr", "j'utilise Firefox", "Firefox"},
		{"es", "en mi iPhone", "iPhone"},
		{"es", "es un portátil", "portátil"},
		{"es", "uso Linux", "Linux"},
		{"pt", "é um notebook", "notebook"},
		{"pt", "estou no Android", "Android"},
		{"it", "è un portatile", "portatile"},
		{"it", "uso Linux", "Linux"},
		{"nl", "het is een laptop", "laptop"},
		{"nl", "ik zit op Android", "Android"},
		{"ru", "у меня Android", "Android"},
		{"ru", "это ноутбук", "ноутбук"},
		{"ru", "использую Linux", "Linux"},
		{"ru", "у меня не работает wifi", ""}, // a request
		{"ru", "это ошибка", ""},
		{"ja", "Androidです", "Android"},
		{"ja", "ノートパソコンです", "ノートパソコン"},
		{"ja", "Windows 11を使っています", "Windows 11"},
		{"ja", "ログインできないです", ""}, // a request
		{"ja", "エラーです", ""},
		{"pt", "como instalo no meu iphone?", ""},
		{"fr", "comment l'installer sur mon iphone ?", ""},
		{"de", "wie installiere ich es auf meinem iPhone?", ""},
		{"en", "sur mon iphone", ""},
		{"fr", "on my iphone", "iphone"},
	} {
		if got := caseDetailOf(tc.msg, tc.lang); got != tc.want {
			t.Errorf("caseDetailOf(%q, %s) = %q, want %q", tc.msg, tc.lang, got, tc.want)
		}
	}
}

// TestDetailAfterAnswerInFrench: on French pages, "sur mon iphone" after
// an answer is a detail of the case, taken in and said so, as "on my
// iphone" is in English; read as a request it was a miss (no page says
// iPhone).
func TestDetailAfterAnswerInFrench(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://aide.example.fr/reservation", Title: "Modifier une réservation"}},
		Nodes: []graph.Node{{ID: "modifier", Page: "https://aide.example.fr/reservation", Problem: "Modifier une réservation",
			Resolution: "Ouvrez Mes voyages, choisissez la réservation et cliquez sur Modifier.", Root: true, Actionable: true}},
	}
	r := lastReply(t, NewGraphAgent(g, Options{}), "comment modifier ma réservation", "sur mon iphone")
	if r.NodeID != "modifier" || !strings.HasPrefix(r.Text, "C’est noté.") {
		t.Errorf("%s at %q %q, want the detail noted in French at the answer", r.Action, r.NodeID, r.Text)
	}
}

// TestHistoryAfterAnswer: "i bought it last year" after an answer tells
// what the customer did with the thing being discussed: taken in at the
// answer and said so, not read as a request ("last", "year" find any page
// that counts years).
func TestHistoryAfterAnswer(t *testing.T) {
	r := lastReply(t, NewGraphAgent(speakerGraph(), Options{}), "how do i turn on the speaker", "i bought it last year")
	if r.NodeID != "power" || !strings.HasPrefix(r.Text, "Noted.") || !strings.Contains(r.Text, "bought it last year") {
		t.Errorf("%s at %q %q, want the detail noted at the answer", r.Action, r.NodeID, r.Text)
	}
}

// TestPaymentDetailAfterAnswer: how the customer paid, told after an
// answer ("I paid with PayPal" after the refund answer), is a detail of
// that case, taken in at the answer; read as a request, "paid" and
// "paypal" led to the page that lists the ways to pay.
func TestPaymentDetailAfterAnswer(t *testing.T) {
	a := NewGraphAgent(rootPages(
		graph.Node{ID: "refund", Page: "refund", Problem: "Getting a refund", Root: true, Actionable: true, Resolution: "Contact support within 60 days of the purchase to get a refund."},
		graph.Node{ID: "pay", Page: "pay", Problem: "Payment options", Root: true, Actionable: true, Resolution: "You can pay with Visa, Mastercard or PayPal."},
	), Options{})
	if r := lastReply(t, a, "how do I get a refund", "I paid with paypal"); r.NodeID != "refund" || !strings.HasPrefix(r.Text, "Noted.") {
		t.Errorf("I paid with paypal: %s at %q %q, want the detail noted at the refund answer", r.Action, r.NodeID, r.Text)
	}
}

// TestLineNaming: the line of an answer that names a detail of the case,
// told after it ("I paid with PayPal" after refund steps that list each
// way's delay), is the answer for that case; a detail the answer names on
// no line, or on several, finds none.
func TestLineNaming(t *testing.T) {
	steps := "1. Open Account > Orders.\n1. Select the order and click Request refund.\n  - PayPal: 1 day.\n  - Card payments: 5 to 10 days.\n1. Wait for our e-mail."
	a := NewGraphAgent(rootPages(graph.Node{ID: "refund", Page: "refund", Problem: "Request a refund", Root: true, Actionable: true, Resolution: steps}), Options{})
	n := a.ix.Node("refund")
	for _, tc := range []struct{ detail, want string }{
		{"paypal", "PayPal: 1 day."},
		{"card", "Card payments: 5 to 10 days."},
		{"bank transfer", ""}, // named nowhere
		{"e-mail", "Wait for our e-mail."},
		{"order", ""}, // on two lines
	} {
		if got := a.lineNaming(n, tc.detail); got != tc.want {
			t.Errorf("lineNaming(%q) = %q, want %q", tc.detail, got, tc.want)
		}
	}
	r := lastReply(t, a, "how do I get a refund", "I paid with paypal")
	if r.Action != Resolution || r.NodeID != "refund" || !strings.HasSuffix(r.Text, "\nPayPal: 1 day.") {
		t.Errorf("I paid with paypal: %s at %q %q, want the answer's PayPal line", r.Action, r.NodeID, r.Text)
	}
}
