package english

import (
	"slices"
	"testing"
)

func TestConditionOf(t *testing.T) {
	tests := []struct {
		label string
		want  string
	}{
		{"If you booked by phone", "you booked by phone"},
		{"If you booked online as a member:", "you booked online as a member"},
		{"Online reservation as guest user:", "online reservation as guest user"},
		{"For members", "members"},
		{"When you cancel within 24 hours", "you cancel within 24 hours"},
		{"In case the link has expired", "the link has expired"},
		{"Booked by phone", "booked by phone"},
		{"If You Do Not Live In The U.S.", "you do not live in the U.S."},
	}
	for _, tt := range tests {
		if got := Condition(tt.label); got != tt.want {
			t.Errorf("Condition(%q) = %q, want %q", tt.label, got, tt.want)
		}
	}
}

func TestIsSituation(t *testing.T) {
	tests := []struct {
		label string
		colon bool
		want  bool
	}{
		{"If you booked by phone", false, true},
		{"When your card is declined", false, true},
		{"For members", false, true},
		{"Booked by phone", false, true},
		{"If you are a member", false, true},
		{"Members", true, true},
		{"Online reservation as guest user", true, true},
		{"Paid online", false, true},
		{"Changing the dates", false, false},
		{"Related articles", false, false},
		{"Note", true, false},
		{"Steps", true, false},
		{"For more information", false, false},
		{"When will I get my refund?", false, false},
		{"After the change", false, false},
		{"After check-in", true, true},
		{"Follow these steps to apply online", true, false},
		{"Some dates can't be changed online", true, false},
		{"amenities", true, false},
		{"Grouped By", true, false},
		{"By phone", true, true},
		{"Online", true, true},
		// An elliptical or anaphoric condition points back to the text
		// before it and names no situation (anaphoric); a name does.
		{"If so", true, false},
		{"If not", true, false},
		{"If needed", true, false},
		{"When prompted", false, false},
		{"If equal, prefer the pinned one", false, false},
		{"If this happens, try switching your wireless off", false, false},
		{"If that fails", true, false},
		{"For such DOM", true, false},
		{"For whatever reason, they do not declare it", false, false},
		{"If Windows", true, true},
		{"If 2FA is on", true, true},
		{"If it says Background activity restricted", false, true},
		{"For these users", true, true},
	}
	for _, tt := range tests {
		if got := IsSituation(tt.label, tt.colon); got != tt.want {
			t.Errorf("IsSituation(%q, colon=%v) = %v, want %v", tt.label, tt.colon, got, tt.want)
		}
	}
}

func TestMorphology(t *testing.T) {
	base := []struct{ in, want string }{
		{"changing", "change"}, {"cancelling", "cancel"}, {"canceling", "cancel"}, {"logging", "log"},
		{"using", "use"}, {"making", "make"}, {"applying", "apply"}, {"stopping", "stop"},
		{"resetting", "reset"}, {"updating", "update"}, {"receiving", "receive"}, {"paying", "pay"},
		{"writing", "write"}, {"becoming", "become"}, {"contributing", "contribute"}, {"executing", "execute"},
		{"shouting", "shout"}, {"editing", "edit"}, {"outputting", "output"},
	}
	for _, tt := range base {
		if got, ok := BaseVerb(tt.in); !ok || got != tt.want {
			t.Errorf("BaseVerb(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := BaseVerb("thing"); ok {
		t.Error(`BaseVerb("thing") took a noun for a verb`)
	}
	vps := []struct{ in, want string }{
		{"Changing a reservation", "change my reservation"},
		{"Cancellation of a booking", "cancel my booking"},
		{"Account deletion", "delete my account"},
		{"Password reset", "reset my password"},
		{"Apply for retirement benefits", "apply for retirement benefits"},
		{"Logging in", "log in"},
		{"Resetting your password", "reset my password"},
	}
	for _, tt := range vps {
		if got, ok := VerbPhrase(tt.in); !ok || got != tt.want {
			t.Errorf("VerbPhrase(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if vp, ok := VerbPhrase("Cancellation fees"); ok {
		t.Errorf("VerbPhrase(Cancellation fees) = %q, want a topic", vp)
	}
	titles := []struct{ in, want string }{
		{"Changing a reservation | StayNest Help", "Changing a reservation"},
		{"FAQ: Points expiry", "Points expiry"},
		{"Appeal A Decision | Social Security Administration", "Appeal a Decision"},
		{"How do I change my booking?", "Changing my booking"},
		{"How do I automatically set up backups?", "Automatically setting up backups"},
		{"How do I permanently delete my account?", "Permanently deleting my account"},
		{"How do I apply for a refund?", "Applying for a refund"},
		{"How do I reply to a review?", "Replying to a review"},
		{"How can I rely on it?", "Relying on it"},
		{"Making a reservation: frequently asked questions | X", "Making a reservation"},
		{"Billing - Acme Help Center", "Billing"},
		{"Check-in - check-out", "Check-in - check-out"},
	}
	for _, tt := range titles {
		if got := CleanTitle(tt.in); got != tt.want {
			t.Errorf("CleanTitle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIntents(t *testing.T) {
	tests := []struct {
		problem, condition string
		want               []string // among the first four
	}{
		{"Changing a reservation", "", []string{"How do I change my reservation?", "I can't change my reservation", "I want to change my reservation"}},
		{"Changing a reservation", "you booked by phone", []string{
			"What should I do if I booked by phone and want to change my reservation?",
			"I can't change my reservation if I booked by phone"}},
		{"Changing a reservation", "as a member", []string{"I want to change my reservation as a member"}},
		{"An error occurs when I try to change my reservation", "", []string{"I get an error when I try to change my reservation"}},
		{"An error occurs when changing a reservation", "", []string{"I get an error when I try to change my reservation"}},
		{"Can't log in", "", []string{"I can't log in", "Why can't I log in?"}},
		{"Card declined", "", []string{"My card was declined"}},
		{"Points not credited", "", []string{"My points are not credited"}},
		{"Cancellation fees", "", []string{"What should I know about cancellation fees?", "I need help with cancellation fees"}},
		{"How early can I apply?", "", []string{"How early can I apply?"}},
	}
	for _, tt := range tests {
		got := Intents(tt.problem, tt.condition)
		if len(got) < 3 {
			t.Errorf("Intents(%q, %q) gave %d intents", tt.problem, tt.condition, len(got))
		}
		for _, w := range tt.want {
			if !slices.Contains(got[:min(4, len(got))], w) {
				t.Errorf("Intents(%q, %q) = %q, want %q among the first four", tt.problem, tt.condition, got, w)
			}
		}
	}
}

func TestActionable(t *testing.T) {
	tests := []struct {
		resolution string
		want       bool
	}{
		{"1. Open the reservation.\n1. Click Change.", true},
		{"Log in and open My Reservations.", true},
		{"You can change the dates online.", true},
		{"Please call the Reservation Center at 0570-000-123.", true},
		{"Please contact the accommodation directly.", false},
		{"Please contact us with the Inquiry Form.", false},
		{"Check with your card company.", false},
		{"Points are credited within 14 days. If they are still missing, contact us.", false},
		{"Click Forgot password and enter your e-mail. If that fails, contact us.", true},
		{"Expired points can't be restored.", false},
		{"Please wait. Points are credited within 14 days.", false},
		// Instructions in German, French and Spanish.
		{"- Klicken Sie auf Einstellungen.\n- Wählen Sie Filter.", true},
		{"Sollten Sie Probleme haben, schreiben uns.", false},
		{"- Appuyez sur la touche Win et tapez sfc /scannow.", true},
		{"Vous pouvez avoir des problèmes chez certains fournisseurs.", false},
		{"Avez-vous installé la dernière version ?", false},
		{"- Abre Ajustes y toca Filtros.", true},
		{"La licencia es válida durante un año.", false},
	}
	for _, tt := range tests {
		if got := Actionable(tt.resolution); got != tt.want {
			t.Errorf("Actionable(%q) = %v, want %v", tt.resolution, got, tt.want)
		}
	}
}

func TestStripListMarker(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1. Open the reservation.", "Open the reservation."},
		{"12) Click Change.", "Click Change."},
		{"- Log in.", "Log in."},
		{"## Steps", "Steps"},
		{"| - Call us", "Call us"},
		{"10 days before check-in", "10 days before check-in"},
		{"1.5 hours", "1.5 hours"},
		{"-5 degrees", "-5 degrees"},
	} {
		if got := StripListMarker(tt.in); got != tt.want {
			t.Errorf("StripListMarker(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNominalVerb(t *testing.T) {
	for noun, want := range map[string]string{
		"cancellation": "cancel", "cancelation": "cancel", "cancellations": "cancel", "registration": "register",
		"confirmation": "confirm", "modification": "modify", "verification": "verify", "application": "apply for",
		"deletion": "delete", "creation": "create", "activation": "activate", "deactivation": "deactivate",
		"installation": "install", "payment": "pay", "renewal": "renew", "removal": "remove",
		"replacement": "replace", "change": "change", "changes": "change", "update": "update", "reset": "reset",
		"recovery": "recover", "enrollment": "enroll", "enrolment": "enrol", "withdrawal": "withdraw",
		"reinstatement": "reinstate", "login": "log in to", "selection": "select", "retrieval": "retrieve",
		"correction": "correct", "reservation": "reserve",
		"fees": "", "information": "", "status": "", "help": "", "access": "", "nation": "", "metal": "",
	} {
		got, ok := nominalVerb(noun)
		if got != want || ok != (want != "") {
			t.Errorf("nominalVerb(%q) = %q, %v; want %q", noun, got, ok, want)
		}
	}
}

func TestIsChromeHeading(t *testing.T) {
	for h, want := range map[string]bool{
		"Related articles": true, "See also:": true, " Was this article helpful? ": true,
		"Related questions about refunds": false, "Contents of your package": false, "": false,
	} {
		if got := IsChromeHeading(h); got != want {
			t.Errorf("IsChromeHeading(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestStepsAndHandOffs(t *testing.T) {
	for _, tc := range []struct {
		sentence                  string
		imperative, step, handOff bool
	}{
		{"Click Cancel.", true, true, false},
		{"1. Then turn off pop-up blockers", true, true, false},
		{"Please bring your ID", true, true, false},
		{"Tell them your code", true, true, false},
		{"Contact us with the form", true, false, true},
		{"Please contact the shop directly", true, false, true},
		{"Wait 3 days", true, false, false},
		{"Allow up to 14 days for the credit", true, false, false},
		{"See [Refunds](https://x.example/r)", true, false, false},
		{"Refunds take 7 days", false, false, false},
		{"If you do not contact anyone, you pay 100%", false, false, false},
		{"Fees are handled by the seller", false, false, true},
		{"Enable HTTPS filtering", true, true, false},
		{"Restart the app", true, true, false},
		{"2. Öffnen Sie die App", false, true, false},
		{"Ouvrez les paramètres", false, true, false},
		{"Haz clic en Ajustes", false, true, false},
		{"Wenn Sie die App öffnen", false, false, false},
		{"Chez certains fournisseurs", false, false, false},
		{"Martinez wrote this guide.", false, false, false},
		{"Chavez explains the setup.", false, false, false},
		{"Cliquez sur Paramètres", false, true, false},
		{"Clique em Configurações", false, true, false},
		{"Apri le Impostazioni", false, true, false},
		{"Klik op Instellingen", false, true, false},
		{"Откройте Обзор и начните вводить Экран", false, true, false},
		{"На сайте есть форма", false, false, false},
		{"Open the settings", true, true, false}, // English, not Dutch
		{"Copia de seguridad de tus archivos", false, false, false},
	} {
		if got := StartsWithImperative(tc.sentence); got != tc.imperative {
			t.Errorf("StartsWithImperative(%q) = %v, want %v", tc.sentence, got, tc.imperative)
		}
		if got := IsStep(tc.sentence); got != tc.step {
			t.Errorf("IsStep(%q) = %v, want %v", tc.sentence, got, tc.step)
		}
		if got := HandsOff(tc.sentence); got != tc.handOff {
			t.Errorf("HandsOff(%q) = %v, want %v", tc.sentence, got, tc.handOff)
		}
	}
	for in, want := range map[string]string{
		"If the screen did not appear Turn off pop-up blockers": "If the screen did not appear",
		"If you chose Pay at the counter":                       "If you chose Pay at the counter",
	} {
		if got := CutAtImperative(in); got != want {
			t.Errorf("CutAtImperative(%q) = %q, want %q", in, got, want)
		}
	}
}
