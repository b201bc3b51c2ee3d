package store

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"fmt"

	"lifeline"
)

var _ lifeline.PushKeys = (*DB)(nil)

func (db *DB) VAPIDKeys(ctx context.Context) (*lifeline.VAPIDKeys, error) {
	var k lifeline.VAPIDKeys
	err := db.Pool.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`).Scan(&k.Public, &k.Private)
	if err == nil {
		return &k, nil
	}
	if !isNoRows(err) {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	// The first node to get here makes the pair; a node racing it keeps
	// the one that was stored first.
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`,
		priv.PublicKey().Bytes(), priv.Bytes()); err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	if err := db.Pool.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`).Scan(&k.Public, &k.Private); err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	return &k, nil
}
