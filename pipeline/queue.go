package pipeline

import (
	"container/heap"
	"time"
)

// queue holds the lookups waiting to be sent: those ready now, in order,
// and those that must wait until a time (an answer asked them to), by
// time.
type queue struct {
	ready   []int32
	delayed delayedHeap
}

func (q *queue) len() int { return len(q.ready) + q.delayed.Len() }

// push queues lookup li, ready at at (now or earlier: ready at once).
func (q *queue) push(li int32, at, now time.Time) {
	if now.Before(at) {
		heap.Push(&q.delayed, delayedItem{li: li, at: at})
		return
	}
	q.ready = append(q.ready, li)
}

// release moves the lookups whose time has come to the ready queue, and
// returns when the next one's comes (zero: none waits).
func (q *queue) release(now time.Time) time.Time {
	for q.delayed.Len() > 0 && !q.delayed[0].at.After(now) {
		it := heap.Pop(&q.delayed).(delayedItem)
		q.ready = append(q.ready, it.li)
	}
	if q.delayed.Len() > 0 {
		return q.delayed[0].at
	}
	return time.Time{}
}

// delayedItem is a lookup waiting for its time.
type delayedItem struct {
	li int32
	at time.Time
}

// delayedHeap orders delayed lookups by time.
type delayedHeap []delayedItem

func (h delayedHeap) Len() int           { return len(h) }
func (h delayedHeap) Less(i, j int) bool { return h[i].at.Before(h[j].at) }
func (h delayedHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *delayedHeap) Push(x any)        { *h = append(*h, x.(delayedItem)) }
func (h *delayedHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}
