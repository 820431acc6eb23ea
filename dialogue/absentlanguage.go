package dialogue

import "github.com/helpgraph/helpgraph/internal/messages"

// missInAbsentLanguage words r, the reply to a message in a language the
// help center has no pages in, when it is the not-found reply: the
// customer is told the pages are not in their language and asked to ask
// in the default one, not that the pages lack the topic. A question in
// another language meets the pages only through the words both share, so
// "hola como puedo cambiar mi reserva" found nothing on a help center whose
// English pages say how, and "Lo siento, no encontré eso en nuestras
// páginas de ayuda" told the customer they do not.
func (a *GraphAgent) missInAbsentLanguage(s *Session, r *Reply) {
	if s.Lang == "" || a.hasPagesIn(s.Lang) {
		return
	}
	notFound := a.say(s, "NotFound")
	if r.Text != notFound {
		return
	}
	r.Text = a.say(s, "NotFoundInLanguage",
		"Language", messages.LanguageName(s.Lang, s.Lang),
		"Default", messages.LanguageName(a.langs.lang, s.Lang))
	if n := len(s.History); n > 0 && s.History[n-1].Role == "agent" && s.History[n-1].Text == notFound {
		s.History[n-1].Text = r.Text
	}
}
