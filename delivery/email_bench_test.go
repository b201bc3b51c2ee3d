package delivery_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// BenchmarkEmailOneSession sends emails to a real SMTP server (the tests'
// internal/smtptest, in this process) over one MailSession, as a sender with a
// queue of them does (sendEmail keeps idle sessions for this);
// BenchmarkEmailOwnConnection opens a connection per email, to show what
// that saves.
//
//	go test -run '^$' -bench Email -benchtime 2000x ./delivery/
func BenchmarkEmailOneSession(b *testing.B) {
	smtp := smtptest.Start(b)
	s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Timeout: 10 * time.Second}
	session, err := s.Open(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer session.Close()
	b.ResetTimer()
	for i := range b.N {
		if err := session.Send("sam@example.org", benchMessage(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "emails/s")
}

func BenchmarkEmailOwnConnection(b *testing.B) {
	smtp := smtptest.Start(b)
	s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Timeout: 10 * time.Second}
	b.ResetTimer()
	for i := range b.N {
		session, err := s.Open(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if err := session.Send("sam@example.org", benchMessage(i)); err != nil {
			b.Fatal(err)
		}
		session.Close()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "emails/s")
}

func benchMessage(i int) delivery.Message {
	return delivery.Message{
		Key: fmt.Sprintf("outbox:%d:1", i), Title: "Alex Doe is asking for help now", Priority: "urgent",
		Body: `At 3:04 PM, "Alex Doe" pressed "Alert my people now". Please reach out to them right away — call if you can.`,
		URL:  "https://lifeline.example.org/supporting", CreatedAt: time.Now(),
	}
}

// BenchmarkEmailFourSessions sends over four sessions at once, as a
// sender with four email slots does.
func BenchmarkEmailFourSessions(b *testing.B) {
	smtp := smtptest.Start(b)
	s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Timeout: 10 * time.Second}
	b.SetParallelism(2) // 2 × GOMAXPROCS(2)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		session, err := s.Open(context.Background())
		if err != nil {
			b.Error(err)
			return
		}
		defer session.Close()
		for i := 0; pb.Next(); i++ {
			if err := session.Send("sam@example.org", benchMessage(i)); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "emails/s")
}
