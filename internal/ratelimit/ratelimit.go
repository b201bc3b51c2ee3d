// Package ratelimit is the per-device token bucket that bracelets (MQTT
// publishes) and phones (HTTP requests) share, so both kinds of device get
// the same --device-rate and --device-burst.
package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Limit is a token bucket: Burst at once, refilled at PerSecond. Zero
// PerSecond means no limit.
type Limit struct {
	PerSecond float64
	Burst     int
}

// Bucket is one device's budget; safe for concurrent use.
type Bucket struct {
	limit  Limit
	mu     sync.Mutex
	tokens float64
	last   time.Time
}

// NewBucket starts full.
func NewBucket(l Limit) *Bucket {
	return &Bucket{limit: l, tokens: float64(l.Burst)}
}

// Allow takes one token if there is one.
func (b *Bucket) Allow(now time.Time) bool {
	if b.limit.PerSecond <= 0 {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Available is how many tokens Allow could take at now (a limit without a
// rate has no end: +Inf); it takes nothing.
func (b *Bucket) Available(now time.Time) float64 {
	if b.limit.PerSecond <= 0 {
		return math.Inf(1)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(now)
	return b.tokens
}

// refill adds what the time since the last call earned; b.mu is held.
func (b *Bucket) refill(now time.Time) {
	if !b.last.IsZero() && now.After(b.last) {
		b.tokens = min(float64(b.limit.Burst), b.tokens+now.Sub(b.last).Seconds()*b.limit.PerSecond)
	}
	if now.After(b.last) {
		b.last = now
	}
}

// Keyed holds a bucket per key (device ID). Keys are only ever devices that
// authenticated, so the map is bounded by the number of devices.
type Keyed struct {
	limit   Limit
	mu      sync.Mutex
	buckets map[string]*Bucket
}

// NewKeyed gives every key its own Limit.
func NewKeyed(l Limit) *Keyed {
	return &Keyed{limit: l, buckets: map[string]*Bucket{}}
}

// Allow takes one token from key's bucket.
func (k *Keyed) Allow(key string, now time.Time) bool {
	k.mu.Lock()
	b, ok := k.buckets[key]
	if !ok {
		b = NewBucket(k.limit)
		k.buckets[key] = b
	}
	k.mu.Unlock()
	return b.Allow(now)
}
