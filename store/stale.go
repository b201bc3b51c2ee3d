package store

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// staleConns remembers pooled connections that must not be reused: those
// told "read-only transaction" (SQLSTATE 25006). A session keeps the
// read-only default it started with, so after a database made read-only
// (a full disk's emergency switch, a failover that left us on a standby) is
// writable again, only new connections can write; without this the pool
// would keep the old ones, and ingest would hold its acknowledgements,
// until they reached their maximum lifetime (an hour).
type staleConns struct{ m sync.Map } // *pgx.Conn → struct{}

func (s *staleConns) note(conn *pgx.Conn, err error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "25006" {
		s.m.Store(conn, struct{}{})
	}
}

// keep is the pool's AfterRelease: false destroys the connection.
func (s *staleConns) keep(conn *pgx.Conn) bool {
	_, stale := s.m.LoadAndDelete(conn)
	return !stale
}

func (s *staleConns) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return ctx
}

func (s *staleConns) TraceQueryEnd(_ context.Context, conn *pgx.Conn, data pgx.TraceQueryEndData) {
	s.note(conn, data.Err)
}

func (s *staleConns) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromStartData) context.Context {
	return ctx
}

func (s *staleConns) TraceCopyFromEnd(_ context.Context, conn *pgx.Conn, data pgx.TraceCopyFromEndData) {
	s.note(conn, data.Err)
}

func (s *staleConns) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (s *staleConns) TraceBatchQuery(_ context.Context, conn *pgx.Conn, data pgx.TraceBatchQueryData) {
	s.note(conn, data.Err)
}

func (s *staleConns) TraceBatchEnd(_ context.Context, conn *pgx.Conn, data pgx.TraceBatchEndData) {
	s.note(conn, data.Err)
}
