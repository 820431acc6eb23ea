package conversationtest

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// Clients is how many clients the benchmarks run at once: the 32 of the
// HTTP load test.
const Clients = 32

// Benchmark measures db with Clients clients at once: Save (one chat turn,
// the customer's message and the reply, persisted), Get (a conversation of
// ten turns), and Turn (what the web chat does per message: GetOwned, then
// Save). Each reports chat turns per second, and the CPU time this process
// spent per turn (a database server's own is not in it).
func Benchmark(b *testing.B, db conversation.Store) {
	ctx := context.Background()
	var n atomic.Int64
	newConv := func(b *testing.B, turns int) (dialogue.Session, string) {
		owner := fmt.Sprint("bench-", n.Add(1))
		s, err := db.Create(ctx, owner)
		if err != nil {
			b.Fatal(err)
		}
		for i := range turns / 2 {
			from := len(s.History)
			s.History = append(s.History, user(fmt.Sprint("question ", i)), agent(dialogue.Resolution, "n1"))
			if err := db.Save(ctx, &s, from, nil); err != nil {
				b.Fatal(err)
			}
		}
		return s, owner
	}
	b.Run("Save", func(b *testing.B) {
		RunParallel(b, func(pb *testing.PB) {
			s, _ := newConv(b, 0)
			for pb.Next() {
				from := len(s.History)
				s.History = append(s.History, user("how do I change my booking"), agent(dialogue.Resolution, "n1"))
				if err := db.Save(ctx, &s, from, nil); err != nil {
					b.Error(err)
					return
				}
				if len(s.History) > 40 { // a conversation has an end
					s, _ = newConv(b, 0)
				}
			}
		})
	})
	b.Run("Get", func(b *testing.B) {
		RunParallel(b, func(pb *testing.PB) {
			s, _ := newConv(b, 10)
			for pb.Next() {
				if _, err := db.Get(ctx, s.ID); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	b.Run("Turn", func(b *testing.B) {
		RunParallel(b, func(pb *testing.PB) {
			s, owner := newConv(b, 2)
			for pb.Next() {
				got, err := db.GetOwned(ctx, s.ID, owner)
				if err != nil {
					b.Error(err)
					return
				}
				from := len(got.History)
				got.History = append(got.History, user("and by phone?"), agent(dialogue.Resolution, "n2"))
				if err := db.Save(ctx, &got, from, nil); err != nil {
					b.Error(err)
					return
				}
				if len(got.History) > 40 {
					s, owner = newConv(b, 2)
				}
			}
		})
	})
}

// RunParallel runs body in Clients goroutines and reports chat turns per
// second and CPU time per turn (one b.N iteration is one turn).
func RunParallel(b *testing.B, body func(pb *testing.PB)) {
	b.SetParallelism(max(1, Clients/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	cpu0, ok := cpuTime()
	b.RunParallel(body)
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "turns/s")
	// On a shared machine the wall time depends on the neighbours; the
	// CPU time a turn costs this process much less so.
	if cpu1, ok1 := cpuTime(); ok && ok1 {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "cpu-µs/turn")
	}
}
