package storebench

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline"
	"lifeline/store"
)

// PlanQuery is one query an API endpoint runs, with the arguments of one
// realistic request.
type PlanQuery struct {
	Endpoint string
	Name     string
	SQL      string
	Args     []any
	// Whole are big tables this query may read whole on the bench's data
	// set, because it needs a large part of them there.
	Whole []string
}

// apiCall is one store method a handler calls, with a request's arguments.
type apiCall struct {
	endpoint, name string
	call           func(context.Context, *store.DB) error
	whole          []string
}

// APIPlanQueries are the main queries behind GET /api/stats,
// /api/checkins (a calendar month), /api/gps/locations (one day's track)
// and /api/gps/latest, plus the session lookup every signed-in request
// makes, for user with a session of tokenHash, and GET /api/caseload for
// supporter (0: none seeded). They are recorded from the
// store methods the handlers call, run once on a connection of their own,
// so they are the very SQL and arguments a request sends.
func APIPlanQueries(ctx context.Context, db *store.DB, user, supporter int64, tokenHash []byte, today, monthFrom, monthTo, dayFrom, dayTo time.Time) ([]PlanQuery, error) {
	date := func(t time.Time) lifeline.Date { return lifeline.Date{Time: t} }
	calls := []apiCall{
		{"every signed-in request", "FindSession", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindSession(ctx, tokenHash)
			return err
		}, nil},
		{"every signed-in request", "FindUserByID", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindUserByID(ctx, user)
			return err
		}, nil},
		{"GET /api/stats", "FindCheckInDates (streak)", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindCheckInDates(ctx, user, lifeline.CheckInFilter{To: date(today), Limit: 400})
			return err
		}, nil},
		{"GET /api/stats", "FindCheckIns (the newest 7)", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindCheckIns(ctx, user, lifeline.CheckInFilter{To: date(today), Limit: 7})
			return err
		}, nil},
		{"GET /api/stats", "FindRecovery", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindRecovery(ctx, user)
			return err
		}, nil},
		{"GET /api/checkins", "FindCheckIns (a month)", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindCheckIns(ctx, user, lifeline.CheckInFilter{From: date(monthFrom), To: date(monthTo), Limit: 31})
			return err
		}, nil},
		{"GET /api/gps/locations", "FindFixes (a day)", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindFixes(ctx, user, lifeline.FixFilter{From: dayFrom, To: dayTo, Limit: 1000})
			return err
		}, nil},
		{"GET /api/gps/latest", "LatestFix", func(ctx context.Context, db *store.DB) error {
			_, err := db.LatestFix(ctx, user)
			return err
		}, nil},
	}
	if supporter != 0 {
		now := time.Now()
		// Its 200 people are a large part of the bench's few thousand users,
		// which the planner rightly reads whole; among more it takes users_pkey.
		calls = append(calls, apiCall{"GET /api/caseload", "FindCaseload (a supporter of the most people)", func(ctx context.Context, db *store.DB) error {
			_, err := db.FindCaseload(ctx, lifeline.CaseloadQuery{SupporterID: supporter, Now: now, OpenSince: now.Add(-24 * time.Hour)})
			return err
		}, []string{"users"}})
	}
	return record(ctx, db, calls)
}

// record runs each call on a pool of one traced connection and returns
// the one query each sent. A call may fail with "not found": the query ran.
func record(ctx context.Context, db *store.DB, calls []apiCall) ([]PlanQuery, error) {
	cfg := db.Pool.Config()
	rec := &recorder{}
	cfg.ConnConfig.Tracer, cfg.AfterRelease, cfg.MaxConns = rec, nil, 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	traced := &store.DB{Pool: pool}
	var queries []PlanQuery
	for _, c := range calls {
		rec.sent = nil
		if err := c.call(ctx, traced); err != nil && lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
			return nil, fmt.Errorf("storebench: %s: %w", c.name, err)
		}
		if len(rec.sent) != 1 {
			return nil, fmt.Errorf("storebench: %s sent %d queries, want one", c.name, len(rec.sent))
		}
		q := rec.sent[0]
		q.Endpoint, q.Name, q.Whole = c.endpoint, c.name, c.whole
		queries = append(queries, q)
	}
	return queries, nil
}

// recorder is a pgx tracer that keeps the SQL and arguments of each query.
type recorder struct{ sent []PlanQuery }

func (r *recorder) TraceQueryStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	sql, args := d.SQL, d.Args
	if len(args) == 1 { // named arguments (@name) become the $n the server is sent
		if named, ok := args[0].(pgx.NamedArgs); ok {
			if s, a, err := named.RewriteQuery(ctx, conn, sql, args); err == nil {
				sql, args = s, a
			}
		}
	}
	r.sent = append(r.sent, PlanQuery{SQL: sql, Args: args})
	return ctx
}

func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// QueryPlan is EXPLAIN (ANALYZE, BUFFERS) of a PlanQuery, both as planned
// for its arguments (a custom plan) and as the generic plan a prepared
// statement may switch to after five executions.
type QueryPlan struct {
	PlanQuery
	Custom, Generic string
	// SeqScans lists the big tables either plan reads whole, a thousand
	// rows or more (wholeReadRows).
	SeqScans []string
}

// bigTables grow with users and time; a sequential scan of one in a
// request's query is a bug.
var bigTables = []string{"users", "sessions", "devices", "check_ins", "locations", "battery_readings", "alerts", "symptom_logs"}

var seqScan = regexp.MustCompile(`Seq Scan on (\w+)`)

// wholeReadRows is how many rows a sequential scan must read before it
// counts: a table the data set left small (the test's 200 sessions, three
// pages) is rightly read whole once its statistics say so, and the bench's
// data set, thousands of rows a table, still catches a query with no index.
const wholeReadRows = 1000

var (
	actualRows  = regexp.MustCompile(`actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)`)
	rowsRemoved = regexp.MustCompile(`Rows Removed by Filter: (\d+)`)
)

// wholeReads names the tables a plan (EXPLAIN ANALYZE text) reads whole,
// with how many rows each scan read: those returned and those its filter
// removed, over all its loops.
func wholeReads(plan string) map[string]int {
	reads := map[string]int{}
	lines := strings.Split(plan, "\n")
	for i, line := range lines {
		m := seqScan.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		read := 0
		if a := actualRows.FindStringSubmatch(line); a != nil {
			rows, _ := strconv.Atoi(a[1])
			loops, _ := strconv.Atoi(a[2])
			read = rows * loops
		}
		// The node's details follow it until the next node ("->") or the end.
		for _, detail := range lines[i+1:] {
			if d := strings.TrimSpace(detail); d == "" || strings.HasPrefix(d, "->") {
				break
			}
			if r := rowsRemoved.FindStringSubmatch(detail); r != nil {
				removed, _ := strconv.Atoi(r[1])
				read += removed
			}
		}
		reads[m[1]] = max(reads[m[1]], read)
	}
	return reads
}

// hypertableChunk names a TimescaleDB chunk (plain or compressed) of a
// hypertable: only the big tables are hypertables, so a chunk read whole is
// the same bug.
var hypertableChunk = regexp.MustCompile(`^(compress)?_hyper_\d+_\d+_chunk$`)

// ExplainQueries runs each query under EXPLAIN (ANALYZE, BUFFERS) twice,
// with a custom and a generic plan, on one connection.
func ExplainQueries(ctx context.Context, db *store.DB, queries []PlanQuery) ([]QueryPlan, error) {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { conn.Hijack().Close(context.Background()) }() // session settings changed below
	var plans []QueryPlan
	for i, q := range queries {
		p := QueryPlan{PlanQuery: q}
		for _, mode := range []string{"force_custom_plan", "force_generic_plan"} {
			if _, err := conn.Exec(ctx, "SET plan_cache_mode = "+mode); err != nil {
				return nil, err
			}
			name := fmt.Sprintf("bench_explain_%d_%s", i, mode)
			desc, err := conn.Conn().Prepare(ctx, name, q.SQL)
			if err != nil {
				return nil, fmt.Errorf("storebench: prepare %s: %w", q.Name, err)
			}
			text, err := ExplainPrepared(ctx, conn.Conn(), desc, q.Args)
			if err != nil {
				return nil, fmt.Errorf("storebench: explain %s: %w", q.Name, err)
			}
			if mode == "force_custom_plan" {
				p.Custom = text
			} else {
				p.Generic = text
			}
			for table, read := range wholeReads(text) {
				if (slices.Contains(bigTables, table) || hypertableChunk.MatchString(table)) && read >= wholeReadRows && !slices.Contains(p.SeqScans, table) && !slices.Contains(q.Whole, table) {
					p.SeqScans = append(p.SeqScans, table)
				}
			}
		}
		plans = append(plans, p)
	}
	return plans, nil
}

// ExplainPrepared explains EXECUTE of a prepared statement. EXPLAIN takes
// no bind parameters, so pgx's simple protocol quotes the arguments in.
func ExplainPrepared(ctx context.Context, conn *pgx.Conn, desc *pgconn.StatementDescription, args []any) (string, error) {
	params := make([]string, len(args))
	for i, oid := range desc.ParamOIDs {
		dt, ok := conn.TypeMap().TypeForOID(oid)
		if !ok {
			return "", fmt.Errorf("unknown parameter type %d", oid)
		}
		params[i] = fmt.Sprintf("$%d::%s", i+1, dt.Name)
	}
	rows, err := conn.Query(ctx, fmt.Sprintf("EXPLAIN (ANALYZE, BUFFERS) EXECUTE %s(%s)", pgx.Identifier{desc.Name}.Sanitize(), strings.Join(params, ", ")),
		append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
	if err != nil {
		return "", err
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	return strings.Join(lines, "\n"), nil
}
