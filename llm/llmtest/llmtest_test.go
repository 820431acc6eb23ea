package llmtest_test

import (
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// post sends body to the fake and decodes the answer as generic JSON, so the
// test pins the wire shape rather than what go-openai tolerates.
func post(t *testing.T, url, body string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, out
}

func TestChatWireShape(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(r llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: "you said: " + r.LastUser() + " (" + r.ResponseFormat + ")"}
	})
	for _, path := range []string{"/v1/chat/completions", "/chat/completions"} {
		status, got := post(t, s.URL+path,
			`{"model":"m1","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_object"}}`)
		if status != 200 {
			t.Fatalf("%s: status %d: %v", path, status, got)
		}
		for _, key := range []string{"id", "object", "created", "model", "choices", "usage"} {
			if _, ok := got[key]; !ok {
				t.Errorf("%s: response has no %q: %v", path, key, got)
			}
		}
		choice := got["choices"].([]any)[0].(map[string]any)
		msg := choice["message"].(map[string]any)
		if msg["role"] != "assistant" || msg["content"] != "you said: hi (json_object)" || choice["finish_reason"] != "stop" || choice["index"] != 0.0 {
			t.Errorf("%s: choice = %v", path, choice)
		}
		usage := got["usage"].(map[string]any)
		if usage["total_tokens"] != usage["prompt_tokens"].(float64)+usage["completion_tokens"].(float64) {
			t.Errorf("%s: usage = %v", path, usage)
		}
	}
	if reqs := s.Requests(); len(reqs) != 2 || reqs[1].Path != "/chat/completions" || reqs[0].Model != "m1" {
		t.Errorf("requests = %+v", reqs)
	}
}

func TestQueueBeforeHandlerAndUnscripted(t *testing.T) {
	s := llmtest.NewServer(t)
	chat := `{"model":"m","messages":[{"role":"user","content":"x"}]}`
	if status, _ := post(t, s.URL+"/v1/chat/completions", chat); status != http.StatusBadRequest {
		t.Errorf("unscripted chat: status %d, want 400", status)
	}
	s.Enqueue(llmtest.Reply{Status: 429}, llmtest.Reply{Content: "queued"})
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: "handled"} })
	var got []string
	for range 3 {
		status, body := post(t, s.URL+"/v1/chat/completions", chat)
		if status != 200 {
			got = append(got, http.StatusText(status))
			continue
		}
		got = append(got, body["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"].(string))
	}
	if strings.Join(got, ",") != "Too Many Requests,queued,handled" {
		t.Errorf("answers = %v", got)
	}
}

func TestEmbeddings(t *testing.T) {
	s := llmtest.NewServer(t)
	status, got := post(t, s.URL+"/v1/embeddings", `{"model":"e","input":["reset my password","password reset"]}`)
	if status != 200 || got["object"] != "list" {
		t.Fatalf("status %d: %v", status, got)
	}
	data := got["data"].([]any)
	if len(data) != 2 {
		t.Fatalf("%d embeddings, want 2", len(data))
	}
	for i, d := range data {
		e := d.(map[string]any)
		if e["object"] != "embedding" || e["index"] != float64(i) || len(e["embedding"].([]any)) != llmtest.Dimensions {
			t.Errorf("embedding %d = %v", i, e)
		}
	}
}

func cosine(a, b []float32) float64 {
	var dot float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
	}
	return dot
}

func TestFakeEmbeddingSimilarity(t *testing.T) {
	same := cosine(llmtest.Embedding("Reset my password"), llmtest.Embedding("password RESET, my"))
	related := cosine(llmtest.Embedding("how do I reset my password"), llmtest.Embedding("password reset help"))
	unrelated := cosine(llmtest.Embedding("how do I reset my password"), llmtest.Embedding("shipping to Canada costs"))
	if math.Abs(same-1) > 1e-6 {
		t.Errorf("same words: cosine %v, want 1", same)
	}
	if related <= unrelated {
		t.Errorf("related %v <= unrelated %v", related, unrelated)
	}
}
