package natsauth_test

import (
	"testing"
	"time"

	"lifeline"
	"lifeline/ingest/natsshard"
	"lifeline/ingest/wire"
	"lifeline/live"
)

// TestShardedDevicesLandInTheirOwnAccounts spreads the devices over three
// accounts (--nats-shards 3): the callout places each in the account its
// ID hashes to, its fixes go through that account's stream to a worker
// (the real program beside the rig's own) and are stored, and a revoked
// device's connection is found and closed in its account.
func TestShardedDevicesLandInTheirOwnAccounts(t *testing.T) {
	const shards = 3
	r := newShardedRig(t, shards)
	api := live.NewBus(r.db, nil)
	worker := startWorker(t, r, r.urls, "lifeline-ingest-k1", &lockedBuffer{})
	worker.waitListening(t, api)

	// Pair until every shard has a device (IDs are random).
	type device struct {
		*lifeline.Device
		token string
	}
	byShard := map[int]device{}
	for i := 0; len(byShard) < shards; i++ {
		if i == 100 {
			t.Fatalf("100 devices paired, shards covered: %d of %d", len(byShard), shards)
		}
		d, token := r.pair(t, lifeline.DeviceBracelet)
		byShard[natsshard.Of(d.ID, shards)] = device{d, token}
	}
	for k := range shards {
		d := byShard[k]
		node := r.cluster.Nodes[k%len(r.cluster.Nodes)]
		c, lost := connectWatched(t, node.MQTTURL, d.ID, d.token)
		if tok := c.Publish(wire.PositionTopic(d.ID), 1, false, position(1)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
			t.Fatalf("shard %d: no PUBACK: %v", k, tok.Error())
		}
		waitStored(t, r.db, d.ID, 1)
		conns, err := node.MQTTConns(d.ID, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(conns) != 1 || conns[0].Account != natsshard.Account(k) {
			t.Errorf("shard %d: %s's connections on %s: %+v, want one in account %s", k, d.ID, node.Name, conns, natsshard.Account(k))
		}
		if k != shards-1 {
			continue
		}
		// The last shard's device is revoked: the program's kicker finds
		// it in its own account, not the first.
		if err := r.db.RevokeDevice(t.Context(), d.UserID, d.ID); err != nil {
			t.Fatal(err)
		}
		if err := api.Publish(t.Context(), live.DeviceRevoked(d.UserID, d.ID)); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-lost:
			t.Logf("the revoked device of account %s was disconnected: %v", natsshard.Account(k), err)
		case <-time.After(90 * time.Second):
			t.Fatalf("the revoked device of account %s is still connected 90 s after its revocation", natsshard.Account(k))
		}
	}
}
