package web

import (
	"encoding/json"
	"net/url"
	"strconv"

	"github.com/gofiber/fiber/v2"
)

// feedbackRequest is the body of POST /api/feedback.
type feedbackRequest struct {
	SessionID string `json:"session_id"`
	Turn      int    `json:"turn"`
	Helpful   bool   `json:"helpful"`
}

// apiFeedback serves POST /api/feedback: the customer's 👍 or 👎 on one answer.
func (s *Server) apiFeedback(c *fiber.Ctx) error {
	var req feedbackRequest
	if err := json.Unmarshal(c.Body(), &req); err != nil || req.SessionID == "" {
		return badRequest(`malformed JSON: want {"session_id": "...", "turn": N, "helpful": true|false}`)
	}
	if err := s.checkOwner(c.UserContext(), c, req.SessionID); err != nil {
		return err
	}
	if err := s.convs.RecordFeedback(c.UserContext(), req.SessionID, req.Turn, req.Helpful); err != nil {
		return err
	}
	s.metrics.feedback.WithLabelValues(strconv.FormatBool(req.Helpful)).Inc()
	return c.JSON(fiber.Map{"ok": true})
}

// feedbackForm serves the no-JavaScript form POST /feedback, then goes back
// to the conversation.
func (s *Server) feedbackForm(c *fiber.Ctx) error {
	id := c.FormValue("session_id")
	turn, err := strconv.Atoi(c.FormValue("turn"))
	if id == "" || err != nil {
		return badRequest("want the form fields session_id, turn and helpful")
	}
	helpful := c.FormValue("helpful") == "yes"
	if err := s.checkOwner(c.UserContext(), c, id); err != nil {
		return err
	}
	if err := s.convs.RecordFeedback(c.UserContext(), id, turn, helpful); err != nil {
		return err
	}
	s.metrics.feedback.WithLabelValues(strconv.FormatBool(helpful)).Inc()
	return c.Redirect(chatBase(c.FormValue("embed") == "true")+"?s="+url.QueryEscape(id)+"#latest", fiber.StatusSeeOther)
}
