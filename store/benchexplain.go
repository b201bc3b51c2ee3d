package store

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// PlanQuery is one of the queries an API endpoint runs, with the arguments
// of one realistic request.
type PlanQuery struct {
	Endpoint string
	Name     string
	sql      string
	args     []any
}

// NewPlanQuery explains any query; APIPlanQueries gives the API's.
func NewPlanQuery(endpoint, name, sql string, args ...any) PlanQuery {
	return PlanQuery{Endpoint: endpoint, Name: name, sql: sql, args: args}
}

// APIPlanQueries are the main queries behind GET /api/stats,
// /api/checkins (a calendar month), /api/gps/locations (one day's track)
// and /api/gps/latest, plus the session lookup every signed-in request
// makes, for user with a session of tokenHash: the very SQL the handlers
// run, with the arguments they would pass.
func APIPlanQueries(user int64, tokenHash []byte, today time.Time, monthFrom, monthTo time.Time, dayFrom, dayTo time.Time) []PlanQuery {
	return []PlanQuery{
		{"every signed-in request", "FindSession", findSessionSQL, []any{tokenHash}},
		{"every signed-in request", "FindUserByID", findUserByIDSQL, []any{user}},
		{"GET /api/stats", "FindCheckInDates (streak)", findCheckInDatesSQL, []any{user, nil, today, nil, 400}},
		{"GET /api/stats", "FindCheckIns (the newest 7)", findCheckInsSQL, []any{user, nil, today, nil, 7}},
		{"GET /api/stats", "CheckInBounds", checkInBoundsSQL, []any{user}},
		{"GET /api/checkins", "FindCheckIns (a month)", findCheckInsSQL, []any{user, monthFrom, monthTo, nil, 31}},
		{"GET /api/gps/locations", "FindLocations (a day)", findLocationsSQL, []any{user, dayFrom, dayTo, 1000}},
		{"GET /api/gps/latest", "LatestLocation", latestLocationSQL, []any{user}},
	}
}

// QueryPlan is EXPLAIN (ANALYZE, BUFFERS) of a PlanQuery, both as planned
// for its arguments (a custom plan) and as the generic plan a prepared
// statement may switch to after five executions.
type QueryPlan struct {
	PlanQuery
	Custom, Generic string
	// SeqScans lists the big tables either plan reads whole.
	SeqScans []string
}

// bigTables grow with users and time; a sequential scan of one in a
// request's query is a bug.
var bigTables = []string{"users", "sessions", "devices", "check_ins", "locations", "battery_readings", "alerts", "symptom_logs"}

var seqScan = regexp.MustCompile(`Seq Scan on (\w+)`)

// ExplainQueries runs each query under EXPLAIN (ANALYZE, BUFFERS) twice,
// with a custom and a generic plan, on one connection.
func (db *DB) ExplainQueries(ctx context.Context, queries []PlanQuery) ([]QueryPlan, error) {
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
			desc, err := conn.Conn().Prepare(ctx, name, q.sql)
			if err != nil {
				return nil, fmt.Errorf("store: prepare %s: %w", q.Name, err)
			}
			text, err := explainPrepared(ctx, conn.Conn(), desc, q.args)
			if err != nil {
				return nil, fmt.Errorf("store: explain %s: %w", q.Name, err)
			}
			if mode == "force_custom_plan" {
				p.Custom = text
			} else {
				p.Generic = text
			}
			for _, m := range seqScan.FindAllStringSubmatch(text, -1) {
				for _, t := range bigTables {
					if m[1] == t && !contains(p.SeqScans, t) {
						p.SeqScans = append(p.SeqScans, t)
					}
				}
			}
		}
		plans = append(plans, p)
	}
	return plans, nil
}

// explainPrepared explains EXECUTE of a prepared statement. EXPLAIN takes
// no bind parameters, so pgx's simple protocol quotes the arguments in.
func explainPrepared(ctx context.Context, conn *pgx.Conn, desc *pgconn.StatementDescription, args []any) (string, error) {
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

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
