// Package llmtest is a fake OpenAI-compatible server for tests. It speaks the
// OpenAI wire format for POST /v1/chat/completions and /v1/embeddings (and
// the same paths without /v1), answers from a script, and records every
// request.
//
// A test scripts answers in two ways, which combine:
//
//	s := llmtest.NewServer(t)
//	s.Enqueue(llmtest.Reply{Status: 429, Header: http.Header{"Retry-After": {"2"}}})
//	s.Enqueue(llmtest.Reply{Content: `{"ok": true}`})
//	s.Handle(func(r llmtest.Request) llmtest.Reply { ... answer by prompt ... })
//	client, _ := llm.New(s.Config())
//
// Queued replies are used first, in order, by whatever request comes next;
// when the queue is empty the handler answers. Embedding requests with no
// scripted embeddings get deterministic fake ones (see Embedding). A chat
// request with nothing to answer it gets a 400 error naming the problem.
package llmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/helpgraph/helpgraph/llm"
)

// Reply is one scripted answer.
type Reply struct {
	// Content is the assistant message of a chat answer.
	Content string
	// Status, when not 0 or 200, sends an OpenAI error body with this status.
	Status int
	// Header is added to the response (e.g. Retry-After).
	Header http.Header
	// Delay holds the answer back, to force a client timeout. The server
	// stops waiting when the client goes away.
	Delay time.Duration
	// Raw, when set, is sent as the whole response body instead of an
	// OpenAI-shaped one (to test a broken endpoint).
	Raw string
	// Embeddings answers an embeddings request; nil means fake ones.
	Embeddings [][]float32
	// PromptTokens and CompletionTokens set usage; 0 means counted in words.
	PromptTokens, CompletionTokens int
}

// Request is a request the server received, decoded.
type Request struct {
	Path           string // as received, e.g. /v1/chat/completions
	Model          string
	Messages       []llm.Message // chat requests
	ResponseFormat string        // "json_schema" or "json_object" in JSON mode, else ""
	// Schema is the JSON Schema of a json_schema response_format, and
	// Strict its strict flag.
	Schema        json.RawMessage
	Strict        bool
	Input         []string // embeddings requests
	Authorization string   // the Authorization header
}

// Embeddings reports whether r is an embeddings request.
func (r Request) Embeddings() bool { return strings.HasSuffix(r.Path, "/embeddings") }

// LastUser returns the content of the last user message, or "".
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Handler answers a request when the queue is empty.
type Handler func(Request) Reply

// Server is a fake OpenAI endpoint. Its methods are safe for concurrent use.
type Server struct {
	*httptest.Server

	mu       sync.Mutex
	queue    []Reply
	handler  Handler
	requests []Request
	noSchema bool
}

// RejectJSONSchema makes the server answer every request with a
// json_schema response_format with a 400, as endpoints without structured
// outputs (older vLLM, Ollama, proxies) do.
func (s *Server) RejectJSONSchema() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noSchema = true
}

// APIKey is the key Config sets, so tests can check it never leaks.
const APIKey = "sk-llmtest-secret-key"

// Models Config sets.
const (
	Model          = "test-model"
	EmbeddingModel = "test-embedding"
)

// NewServer starts a fake server, closed when the test ends.
func NewServer(t testing.TB) *Server {
	s := &Server{}
	mux := http.NewServeMux()
	for _, prefix := range []string{"", "/v1"} {
		mux.HandleFunc("POST "+prefix+"/chat/completions", s.serve)
		mux.HandleFunc("POST "+prefix+"/embeddings", s.serve)
	}
	s.Server = httptest.NewServer(mux)
	// Closing the connections first ends a reply held back by Delay whose
	// client is still waiting (Close waits for every request to end).
	t.Cleanup(func() { s.CloseClientConnections(); s.Close() })
	return s
}

// Enqueue appends replies to the queue.
func (s *Server) Enqueue(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, replies...)
}

// Handle sets the handler that answers once the queue is empty.
func (s *Server) Handle(h Handler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handler = h
}

// Requests returns every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Config returns an llm.Config pointing at s: key APIKey, models Model and
// EmbeddingModel, a 5s timeout, no cache, and a Sleep that does not wait, so
// retries cost no test time.
func (s *Server) Config() llm.Config {
	return llm.Config{
		APIKey:         APIKey,
		BaseURL:        s.URL + "/v1",
		Model:          Model,
		EmbeddingModel: EmbeddingModel,
		Timeout:        5 * time.Second,
		Sleep:          NoSleep,
	}
}

// NoSleep is an llm.Config.Sleep that returns at once (with ctx's error if done).
func NoSleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// wireRequest is the part of an OpenAI request the fake reads.
type wireRequest struct {
	Model          string        `json:"model"`
	Messages       []llm.Message `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Schema json.RawMessage `json:"schema"`
			Strict bool            `json:"strict"`
		} `json:"json_schema"`
	} `json:"response_format"`
	Input json.RawMessage `json:"input"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: reading body: "+err.Error())
		return
	}
	var wr wireRequest
	if err := json.Unmarshal(body, &wr); err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: decoding request: "+err.Error())
		return
	}
	req := Request{
		Path:          r.URL.Path,
		Model:         wr.Model,
		Messages:      wr.Messages,
		Authorization: r.Header.Get("Authorization"),
	}
	if wr.ResponseFormat != nil {
		req.ResponseFormat = wr.ResponseFormat.Type
		if js := wr.ResponseFormat.JSONSchema; js != nil {
			req.Schema, req.Strict = js.Schema, js.Strict
		}
	}
	if len(wr.Input) > 0 {
		var one string
		if json.Unmarshal(wr.Input, &one) == nil {
			req.Input = []string{one}
		} else if err := json.Unmarshal(wr.Input, &req.Input); err != nil {
			writeError(w, http.StatusBadRequest, "llmtest: input must be a string or strings")
			return
		}
	}

	s.mu.Lock()
	s.requests = append(s.requests, req)
	if s.noSchema && req.ResponseFormat == "json_schema" {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, "llmtest: response_format json_schema is not supported by this server")
		return
	}
	var reply Reply
	scripted := true
	switch {
	case len(s.queue) > 0:
		reply, s.queue = s.queue[0], s.queue[1:]
	case s.handler != nil:
		h := s.handler
		s.mu.Unlock()
		reply = h(req)
		s.mu.Lock()
	default:
		scripted = false
	}
	s.mu.Unlock()

	if reply.Delay > 0 {
		select {
		case <-time.After(reply.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, vs := range reply.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	switch {
	case reply.Status != 0 && reply.Status != http.StatusOK:
		writeError(w, reply.Status, fmt.Sprintf("llmtest: scripted status %d", reply.Status))
	case reply.Raw != "":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, reply.Raw)
	case req.Embeddings():
		writeJSON(w, embeddingsResponse(req, reply))
	case !scripted:
		writeError(w, http.StatusBadRequest, "llmtest: no reply scripted for this chat request (Enqueue or Handle one)")
	default:
		writeJSON(w, chatResponse(req, reply))
	}
}

func chatResponse(req Request, reply Reply) map[string]any {
	prompt, completion := reply.PromptTokens, reply.CompletionTokens
	if prompt == 0 {
		for _, m := range req.Messages {
			prompt += len(strings.Fields(m.Content))
		}
	}
	if completion == 0 {
		completion = len(strings.Fields(reply.Content))
	}
	return map[string]any{
		"id":      "chatcmpl-llmtest",
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   req.Model,
		"choices": []map[string]any{{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": reply.Content},
			"finish_reason": "stop",
		}},
		"usage": map[string]any{
			"prompt_tokens":     prompt,
			"completion_tokens": completion,
			"total_tokens":      prompt + completion,
		},
	}
}

func embeddingsResponse(req Request, reply Reply) map[string]any {
	vectors := reply.Embeddings
	if vectors == nil {
		for _, text := range req.Input {
			vectors = append(vectors, Embedding(text))
		}
	}
	data := make([]map[string]any, len(vectors))
	tokens := reply.PromptTokens
	for i, v := range vectors {
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
	}
	if tokens == 0 {
		for _, text := range req.Input {
			tokens += len(strings.Fields(text))
		}
	}
	return map[string]any{
		"object": "list",
		"data":   data,
		"model":  req.Model,
		"usage":  map[string]any{"prompt_tokens": tokens, "total_tokens": tokens},
	}
}

// Dimensions is the length of a fake embedding.
const Dimensions = 64

// Embedding is the fake embedding of text: a hashed bag of lower-cased
// words, normalised to unit length, so texts sharing words have a high
// cosine similarity and unrelated texts a low one. Empty text gives zeros.
func Embedding(text string) []float32 {
	v := make([]float32, Dimensions)
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, w := range words {
		h := fnv.New32a()
		h.Write([]byte(w))
		v[h.Sum32()%Dimensions]++
	}
	var norm float64
	for _, x := range v {
		norm += float64(x) * float64(x)
	}
	if norm > 0 {
		inv := float32(1 / math.Sqrt(norm))
		for i := range v {
			v[i] *= inv
		}
	}
	return v
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]any{"message": msg, "type": "llmtest_error", "param": nil, "code": nil},
	})
}
