// Package natsshard spreads the devices of a NATS cluster over accounts.
// NATS's MQTT listener keeps every QoS 1 message of an account in one
// stream ($MQTT_msgs) with one leader; when that leader dies, every node
// closes every device whose fix waits for the stream's acknowledgement
// longer than js_api_timeout, and the whole fleet reconnects (issue 34,
// docs/scaling.md). With the devices in several accounts, each account's
// stream has a leader of its own, placed by the cluster, and one leader's
// death reaches the devices of its shard.
//
// Shard 0 is the account LIFELINE (a cluster of one shard is the one
// account it always was); shard k is LIFELINE_k. The auth callout places a
// device by a hash of its ID; the workers connect to each account as the
// account's twin of their user, since NATS names a user once across
// accounts.
package natsshard

import (
	"fmt"
	"hash/fnv"
)

// Base is the first shard's account, and the only one of an unsharded
// cluster: the account named by the nodes' auth_callout.
const Base = "LIFELINE"

// Max bounds the shards: each is a stream of three replicas on the nodes.
const Max = 64

// Account is shard k's account.
func Account(k int) string {
	if k == 0 {
		return Base
	}
	return fmt.Sprintf("%s_%d", Base, k)
}

// Accounts lists the accounts of n shards (n < 1 is one shard).
func Accounts(n int) []string {
	accounts := make([]string, max(n, 1))
	for k := range accounts {
		accounts[k] = Account(k)
	}
	return accounts
}

// Of is the shard of deviceID among n (n < 1 is one shard). The hash is
// part of the deployment: changing it moves devices to streams no worker
// has read, so it never changes.
func Of(deviceID string, n int) int {
	if n <= 1 {
		return 0
	}
	h := fnv.New32a()
	h.Write([]byte(deviceID))
	return int(h.Sum32() % uint32(n))
}

// AccountOf is the account the auth callout places deviceID in.
func AccountOf(deviceID string, n int) string { return Account(Of(deviceID, n)) }

// User is the name of user's twin in shard k's account: the user itself in
// the first, "<user>-shard<k>" in the others, with the same password.
func User(user string, k int) string {
	if k == 0 {
		return user
	}
	return fmt.Sprintf("%s-shard%d", user, k)
}
