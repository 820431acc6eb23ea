// Package latency records request latencies for load tests: a histogram of
// fixed-width buckets, so recording never allocates, read back as
// percentiles.
package latency

import "time"

// BucketWidth is the resolution of a Histogram.
const BucketWidth = 10 * time.Microsecond

// Histogram counts latencies in 10µs buckets up to 2s (and one overflow
// bucket). The zero value is ready to use; it is not safe for concurrent
// use: keep one per goroutine and Merge them.
type Histogram struct {
	buckets [200_001]uint32
	count   int
	max     time.Duration
}

// Add records one latency.
func (h *Histogram) Add(d time.Duration) {
	h.buckets[min(int(d/BucketWidth), len(h.buckets)-1)]++
	h.count++
	h.max = max(h.max, d)
}

// Merge adds o's latencies to h.
func (h *Histogram) Merge(o *Histogram) {
	for i, n := range o.buckets {
		h.buckets[i] += n
	}
	h.count += o.count
	h.max = max(h.max, o.max)
}

// Count is how many latencies were recorded.
func (h *Histogram) Count() int { return h.count }

// Max is the largest latency recorded.
func (h *Histogram) Max() time.Duration { return h.max }

// Percentile returns the upper bound of the bucket holding the p-th
// latency (p in [0, 1]); 0 when nothing was recorded.
func (h *Histogram) Percentile(p float64) time.Duration {
	if h.count == 0 {
		return 0
	}
	rank := int(p * float64(h.count))
	seen := 0
	for i, n := range h.buckets {
		seen += int(n)
		if seen > rank {
			return time.Duration(i+1) * BucketWidth
		}
	}
	return time.Duration(len(h.buckets)) * BucketWidth
}
