package latency

import (
	"testing"
	"time"
)

func TestHistogram(t *testing.T) {
	var a, b Histogram
	for i := 1; i <= 98; i++ {
		a.Add(time.Duration(i) * time.Millisecond)
	}
	b.Add(500 * time.Millisecond)
	b.Add(3 * time.Second) // beyond the last bucket
	a.Merge(&b)
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{
		{0.5, 51*time.Millisecond + BucketWidth},
		{0.98, 500*time.Millisecond + BucketWidth},
		{0.99, 2*time.Second + BucketWidth},
	} {
		if got := a.Percentile(tc.p); got != tc.want {
			t.Errorf("percentile(%v) = %s, want %s", tc.p, got, tc.want)
		}
	}
	if a.Count() != 100 || a.Max() != 3*time.Second {
		t.Errorf("count %d, max %s", a.Count(), a.Max())
	}
}
