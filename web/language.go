package web

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/text/language"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// clientLanguage returns the base language of the first of tags that
// names one (a tag such as the widget's "de-CH", or an Accept-Language
// header), or "".
func clientLanguage(tags ...string) string {
	for _, t := range tags {
		if t = strings.TrimSpace(t); t == "" || len(t) > maxLangHeader {
			continue
		}
		prefs, _, err := language.ParseAcceptLanguage(t)
		if err != nil || len(prefs) == 0 {
			continue
		}
		if b, conf := prefs[0].Base(); conf != language.No {
			return b.String()
		}
	}
	return ""
}

// maxLangHeader bounds the language preferences read from a request.
const maxLangHeader = 256

// requestLanguage returns the language to show the chat in before the
// conversation has one: ?lang= (the widget's), else the browser's
// Accept-Language, matched to the catalog; else the catalog's default.
func (s *Server) requestLanguage(c *fiber.Ctx) string {
	if l := s.texts.Match(c.Query("lang"), c.Get(fiber.HeaderAcceptLanguage)); l != "" {
		return l
	}
	return messages.Default
}

// localize sets the language v is shown in: the conversation's, else the
// request's.
func (s *Server) localize(c *fiber.Ctx, v chatView) chatView {
	if v.Lang == "" || !s.texts.Has(v.Lang) {
		v.Lang = s.requestLanguage(c)
	}
	v.texts = s.texts
	for i, t := range v.Turns {
		if t.User && t.Text == dialogue.TalkToPersonValue {
			v.Turns[i].Text = v.T("TalkToPerson") // the option's label, as the customer clicked it
		}
	}
	return v
}

// T returns the chat's text id in the page's language.
func (v chatView) T(id string) string {
	if v.texts == nil {
		return messages.Embedded().Text(v.Lang, id)
	}
	return v.texts.Text(v.Lang, id)
}

// scriptTextIDs are the texts chat.js shows or relabels the page with.
var scriptTextIDs = []string{"YouSaid", "Assistant", "SupportTeam", "WhichFits", "MoreOnThis", "Source", "WithSupport",
	"Helpful", "HelpfulYes", "HelpfulNo", "HelpfulYesLabel", "HelpfulNoLabel", "FeedbackThanks",
	"Thinking", "RatingFailed", "SendFailed", "ErrorTooMany", "ErrorUnavailable", "ConversationNotFound",
	"StartOverButton", "YourQuestion", "Send", "ChatPlaceholder", "ConversationLabel"}

// scriptTextMap returns the texts chat.js shows, in the page's language.
func (v chatView) scriptTextMap() map[string]string {
	m := make(map[string]string, len(scriptTextIDs))
	for _, id := range scriptTextIDs {
		m[id] = v.T(id)
	}
	return m
}

// scriptTexts are the texts chat.js shows, as JSON for a data attribute.
func (v chatView) scriptTexts() string {
	b, _ := json.Marshal(v.scriptTextMap()) // strings only: cannot fail
	return string(b)
}

// conversationTexts returns the conversation's language and the texts
// chat.js shows in it, or "" and nil before it has one the catalog holds:
// a customer who writes German on a page an English browser opened gets
// the page's own words in German from the reply on, as a reload shows it.
func (s *Server) conversationTexts(lang string) (string, map[string]string) {
	if lang == "" || !s.texts.Has(lang) {
		return "", nil
	}
	v := chatView{Lang: lang, texts: s.texts, Brand: s.cfg.Brand}
	m := v.scriptTextMap()
	m["Title"] = v.title()
	m["Dir"] = textDirection(lang) // the page turns with the language (Arabic)
	return lang, m
}

// widgetTexts are the widget's labels in each language of the catalog, as
// JSON: the widget picks its page's language.
func (s *Server) widgetTexts() []byte {
	out := map[string]map[string]string{}
	for _, l := range s.texts.Languages() {
		out[l] = map[string]string{
			"open": s.texts.Text(l, "ChatTitle"), "close": s.texts.Text(l, "WidgetClose"),
			"openLabel": s.texts.Text(l, "WidgetOpenLabel"), "closeLabel": s.texts.Text(l, "WidgetCloseLabel"),
			"title":      s.texts.Text(l, "WidgetFrameTitle"),
			"unreadOne":  s.texts.Plural(l, "WidgetUnread", 1),
			"unreadMany": s.texts.Text(l, "WidgetUnread", "Count", "{n}"), // the "other" form
		}
	}
	b, _ := json.Marshal(out) // strings only: cannot fail
	return b
}

// widgetLabels marks the labels in widget.js that the server fills in.
var widgetLabels = regexp.MustCompile(`/\*HELPGRAPH_LABELS\*/.*?/\*\*/`)

// withWidgetLabels returns widget.js with labels (JSON) as its labels.
func withWidgetLabels(js, labels []byte) []byte {
	return widgetLabels.ReplaceAllLiteral(js, slices.Concat([]byte("/*HELPGRAPH_LABELS*/"), labels, []byte("/**/")))
}

// textDirection is "rtl" for a language written right to left (the page's
// whole layout mirrors: a help center may add Arabic or Hebrew to the
// catalog with its own messages file), else "ltr". Texts of another
// direction inside it (a page quoted, a customer's message) are marked
// dir="auto", so each reads in its own.
func textDirection(lang string) string {
	base, _ := language.Make(lang).Base()
	if rightToLeft[base.String()] {
		return "rtl"
	}
	return "ltr"
}

// rightToLeft are the languages written in Arabic, Hebrew, Thaana or
// Syriac script.
var rightToLeft = map[string]bool{"ar": true, "he": true, "fa": true, "ur": true, "ps": true, "sd": true, "yi": true, "dv": true, "ug": true, "ckb": true, "syr": true}
