package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

// BenchmarkWriteFixes stores batches of 2,000 fixes from 1,000 devices, as
// the ingest writer does at full rate, and reports the database's CPU per
// row (the cluster's processes, read from /proc) beside this process's: on
// a shared machine CPU per row is steadier than wall time. Two rounds
// interleave the variants so drift shows.
func BenchmarkWriteFixes(b *testing.B) {
	variants := []struct {
		name  string
		write func(*store.DB, context.Context, []lifeline.Fix) error
	}{
		// What the ingest writer does for most batches.
		{"fixes", func(db *store.DB, ctx context.Context, f []lifeline.Fix) error {
			return db.WriteFixes(ctx, f, nil, nil)
		}},
		// About once a second: the devices' health rides along.
		{"fixes+activity", func(db *store.DB, ctx context.Context, f []lifeline.Fix) error {
			return db.WriteFixes(ctx, f, nil, lifeline.ActivityOf(f, nil))
		}},
		// The ceiling: plain COPY, no checks.
		{"copy", (*store.DB).CopyFixesDirect},
	}
	for round := 0; round < 2; round++ {
		for _, v := range variants {
			b.Run(fmt.Sprintf("%s/%d", v.name, round), func(b *testing.B) {
				db := storetest.NewDB(b)
				ctx := context.Background()
				var userID int64
				db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&userID)
				const devices, perDevice = 1000, 2
				ids := make([]string, devices)
				for i := range ids {
					_, hash := lifeline.NewDeviceToken()
					d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "d"}
					if err := db.CreateDevice(ctx, d, hash); err != nil {
						b.Fatal(err)
					}
					ids[i] = d.ID
				}
				base := time.Now().Add(-time.Hour)
				acc := 5.0
				batch := make([]lifeline.Fix, devices*perDevice)
				pg0, go0 := clusterCPU(b, db), selfCPU()
				b.ResetTimer()
				for n := 0; n < b.N; n++ {
					for i := range batch {
						seq := int64(n*perDevice + i/devices)
						batch[i] = lifeline.Fix{UserID: userID, DeviceID: ids[i%devices], Source: lifeline.SourceBracelet, Seq: seq,
							TS: base.Add(time.Duration(seq) * time.Second), Lat: 37.7 + float64(i)*1e-5, Lon: -122.4, Accuracy: &acc, ReceivedAt: time.Now()}
					}
					if err := v.write(db, ctx, batch); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N*len(batch))/b.Elapsed().Seconds(), "rows/s")
				rows := float64(b.N * len(batch))
				b.ReportMetric(float64((clusterCPU(b, db)-pg0).Microseconds())/rows, "pg-µs/row")
				b.ReportMetric(float64((selfCPU()-go0).Microseconds())/rows, "go-µs/row")
			})
		}
	}
}

// clusterCPU sums the CPU time of the test cluster's postmaster and its children.
func clusterCPU(b *testing.B, db *store.DB) time.Duration {
	var dir string
	db.Pool.QueryRow(context.Background(), `SHOW data_directory`).Scan(&dir)
	pidFile, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		b.Fatal(err)
	}
	master := strings.SplitN(string(pidFile), "\n", 2)[0]
	var ticks int64
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		if e.Name() != master && f[1] != master {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + s
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
