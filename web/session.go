package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sessionTTL is how long an admin sign-in lasts, enforced by the server and
// not only by the cookie's Max-Age, which a client may ignore.
const sessionTTL = 12 * time.Hour

// maxSessions bounds the sign-ins kept; the oldest goes first.
const maxSessions = 10_000

// sessions are the admin sign-ins of this process. A cookie holds
// "issued.id.mac": the issue time and a random id, signed under a
// per-process key. It is valid while its id is in the list and it is younger
// than sessionTTL, so signing out revokes it for good, and every sign-in
// gets a new value.
type sessions struct {
	key []byte
	now func() time.Time

	mu     sync.Mutex
	issued map[string]time.Time // by id
}

func newSessions() *sessions {
	key := make([]byte, 32)
	rand.Read(key)
	return &sessions{key: key, now: time.Now, issued: make(map[string]time.Time)}
}

func (s *sessions) mac(issued, id string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(issued + "." + id))
	return hex.EncodeToString(m.Sum(nil))
}

// start records a new sign-in and returns its cookie value.
func (s *sessions) start() string {
	raw := make([]byte, 16)
	rand.Read(raw)
	id := hex.EncodeToString(raw)
	now := s.now()
	issued := strconv.FormatInt(now.Unix(), 10)

	s.mu.Lock()
	defer s.mu.Unlock()
	s.pruneLocked(now)
	if len(s.issued) >= maxSessions {
		oldest, at := "", now
		for k, t := range s.issued {
			if t.Before(at) || oldest == "" {
				oldest, at = k, t
			}
		}
		delete(s.issued, oldest)
	}
	s.issued[id] = time.Unix(now.Unix(), 0)
	return issued + "." + id + "." + s.mac(issued, id)
}

// valid reports whether value is the cookie of a live sign-in.
func (s *sessions) valid(value string) bool {
	id, issued, ok := s.parse(value)
	if !ok || s.now().Sub(issued) >= sessionTTL {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, live := s.issued[id]
	return live
}

// end revokes the sign-in of value, if it is one.
func (s *sessions) end(value string) {
	if id, _, ok := s.parse(value); ok {
		s.mu.Lock()
		delete(s.issued, id)
		s.mu.Unlock()
	}
}

// parse checks value's signature and returns its id and issue time.
func (s *sessions) parse(value string) (id string, issued time.Time, ok bool) {
	parts := strings.Split(value, ".")
	if len(parts) != 3 {
		return "", time.Time{}, false
	}
	if !hmac.Equal([]byte(parts[2]), []byte(s.mac(parts[0], parts[1]))) {
		return "", time.Time{}, false
	}
	sec, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil {
		return "", time.Time{}, false
	}
	return parts[1], time.Unix(sec, 0), true
}

func (s *sessions) pruneLocked(now time.Time) {
	for id, t := range s.issued {
		if now.Sub(t) >= sessionTTL {
			delete(s.issued, id)
		}
	}
}
