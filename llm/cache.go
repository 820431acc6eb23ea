package llm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Cache modes, part of the key so a text answer never serves a JSON call.
const (
	modeText = "text"
	modeJSON = "json"
)

// chatKey is sha256(model + "\x00" + canonical JSON of msgs + mode).
func chatKey(model string, msgs []Message, mode string) string {
	// Marshalling a []Message is canonical: fixed field order, no maps.
	b, _ := json.Marshal(msgs)
	h := sha256.New()
	h.Write([]byte(model + "\x00"))
	h.Write(b)
	h.Write([]byte(mode))
	return hex.EncodeToString(h.Sum(nil))
}

func embedKey(model, text string) string {
	sum := sha256.Sum256([]byte(model + "\x00" + text + "\x00embedding"))
	return hex.EncodeToString(sum[:])
}

// cacheEntry is one cached answer on disk.
type cacheEntry struct {
	Answer    string    `json:"answer,omitempty"`
	Embedding []float32 `json:"embedding,omitempty"`
}

// diskCache stores one JSON file per key under dir/ab/cd/KEY.json. Writes
// are atomic (temp file + rename), so concurrent builds sharing a cache
// never read a torn file.
type diskCache struct{ dir string }

func (d *diskCache) path(key string) string {
	return filepath.Join(d.dir, key[:2], key[2:4], key+".json")
}

func (d *diskCache) get(key string) (cacheEntry, bool) {
	var e cacheEntry
	b, err := os.ReadFile(d.path(key))
	if err != nil || json.Unmarshal(b, &e) != nil {
		return e, false
	}
	return e, true
}

func (d *diskCache) put(key string, e cacheEntry) error {
	path := d.path(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("llm cache: %w", err)
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("llm cache: encoding entry: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("llm cache: %w", err)
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("llm cache: writing %s: %w", tmp.Name(), firstErr(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("llm cache: %w", err)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (c *Client) cachedAnswer(key string) (string, bool) {
	if c.cache == nil {
		return "", false
	}
	e, ok := c.cache.get(key)
	if !ok || e.Answer == "" {
		return "", false
	}
	c.cacheHits.Add(1)
	return e.Answer, true
}

// storeAnswer caches answer; a failed write only costs a future call, so it
// is logged, not returned.
func (c *Client) storeAnswer(key, answer string) {
	if c.cache == nil || answer == "" {
		return
	}
	if err := c.cache.put(key, cacheEntry{Answer: answer}); err != nil {
		c.log.Warn("llm cache write failed", "err", err)
	}
}

func (c *Client) cachedEmbedding(key string) ([]float32, bool) {
	if c.cache == nil {
		return nil, false
	}
	e, ok := c.cache.get(key)
	if !ok || len(e.Embedding) == 0 {
		return nil, false
	}
	c.cacheHits.Add(1)
	return e.Embedding, true
}

func (c *Client) storeEmbedding(key string, v []float32) {
	if c.cache == nil || len(v) == 0 {
		return
	}
	if err := c.cache.put(key, cacheEntry{Embedding: v}); err != nil {
		c.log.Warn("llm cache write failed", "err", err)
	}
}
