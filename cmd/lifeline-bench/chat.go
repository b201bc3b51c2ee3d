package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"lifeline/chat"
	"lifeline/internal/bench/chateval"
)

// benchChat measures the chat's safety layer (make bench-chat): on the
// held-out set when it is present (trained on the development set only),
// and on the development set by k-fold cross-validation, beside the phrase
// table it replaced; then its latency per message against that table's.
// It prints the BENCHMARKS.md section as Markdown.
func benchChat(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("chat", flag.ContinueOnError)
	flags.SetOutput(stderr)
	devPath := flags.String("dev", "chat/crisisset/dev.jsonl", "development set")
	heldoutPath := flags.String("heldout", "chat/crisisset/heldout.jsonl", "held-out set (measured when present)")
	k := flags.Int("k", 10, "folds of the cross-validation")
	rounds := flags.Int("rounds", 20, "passes over the messages for the latency")
	sweep := flags.Bool("sweep", false, "print the cross-validated figures at each model threshold instead")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *k < 2 {
		return fmt.Errorf("--k must be at least 2")
	}
	dev, err := readSet(*devPath)
	if err != nil {
		return err
	}
	heldout, err := readSet(*heldoutPath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(stderr, "bench-chat: no held-out set at %s: measuring on the development set only\n", *heldoutPath)
		heldout = nil
	case err != nil:
		return err
	}

	if *sweep {
		return sweepThreshold(dev, *k, stdout)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Messages one at a time (no conversation). A crisis message (suicide, self-harm, overdose, danger) counts as caught when it is\n")
	fmt.Fprintf(&b, "flagged as any crisis; an urge when it is flagged as an urge or a crisis; ordinary talk (`none`) is a false alarm when it\n")
	fmt.Fprintf(&b, "is flagged at all. Each figure is n/N with its 95%% Wilson interval. The layer's model alarm threshold is %.2f. The\n", chat.ModelThreshold)
	fmt.Fprintf(&b, "baseline is the phrase table the layer replaced (`Detect`, kept in `internal/bench/chateval`). How it works and how to\n")
	fmt.Fprintf(&b, "add data: [docs/chat-safety.md](docs/chat-safety.md).\n\n")

	var layer *chat.Layer
	if heldout != nil {
		layer = chat.NewLayer(dev)
		fmt.Fprintf(&b, "### Held-out set (%d messages, trained on the %d of the development set)\n\n", len(heldout), len(dev))
		table(&b, chateval.Evaluate(layer, heldout), chateval.Baseline(heldout))
	} else {
		fmt.Fprintf(&b, "### Held-out set\n\nNot measured: `%s` is not in the tree yet. The figures below are the development set's by cross-validation, an\noptimistic estimate (the rules were written looking at it).\n\n", *heldoutPath)
	}
	cv := chateval.CrossValidate(dev, *k, chat.ModelThreshold)
	fmt.Fprintf(&b, "### Development set (%d messages, %d-fold cross-validation)\n\n", len(dev), *k)
	fmt.Fprintf(&b, "The model is trained on %d folds and tested on the last, %d times; the rules are the same throughout and were written\nlooking at this set, so its figures are an upper bound for unseen messages.\n\n", *k-1, *k)
	table(&b, cv, chateval.Baseline(dev))

	if layer == nil {
		layer = chat.DefaultLayer()
	}
	messages := texts(dev, heldout)
	legacy := func(m string) { chateval.Legacy(m) }
	assess := func(m string) { layer.Assess(nil, m) }
	assess(messages[0])
	lp50, lp99 := chateval.Latency(legacy, messages, *rounds)
	ap50, ap99 := chateval.Latency(assess, messages, *rounds)
	fmt.Fprintf(&b, "### Latency\n\n")
	fmt.Fprintf(&b, "Per message, %d messages × %d passes on one goroutine, in the same run: the layer **p50 %s, p99 %s**; the old phrase\n", len(messages), *rounds, us(ap50), us(ap99))
	fmt.Fprintf(&b, "table p50 %s, p99 %s (the layer takes %.1f times as long at p50, %.1f at p99). The goal is at most 5 ms a message.\n",
		us(lp50), us(lp99), ratio(ap50, lp50), ratio(ap99, lp99))
	fmt.Fprintf(&b, "The slowest message on its own (best of 5 runs, without the pauses a machine shared by other work adds to the\n")
	fmt.Fprintf(&b, "percentiles): the layer %s, the phrase table %s.\n", us(chateval.Slowest(assess, messages, 5)), us(chateval.Slowest(legacy, messages, 5)))
	_, err = io.WriteString(stdout, b.String())
	return err
}

func readSet(path string) ([]chat.Example, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	examples, err := chat.ParseExamples(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(examples) == 0 {
		return nil, fmt.Errorf("%s holds no examples", path)
	}
	return examples, nil
}

// table writes the figures of the layer and the baseline, then the
// layer's misses.
func table(b *strings.Builder, layer, baseline []chateval.Outcome) {
	l, o := chateval.Summarize(layer), chateval.Summarize(baseline)
	fmt.Fprintf(b, "| category | the layer | the old phrase table |\n| --- | ---: | ---: |\n")
	for _, label := range chat.Labels[1:] {
		if f, ok := l.Recall[label]; ok {
			fmt.Fprintf(b, "| %s: recall | %s | %s |\n", label, f, o.Recall[label])
		}
	}
	fmt.Fprintf(b, "| **every crisis: recall** | **%s** | %s |\n", l.CrisisAll, o.CrisisAll)
	fmt.Fprintf(b, "| **none: false alarms** | **%s** | %s |\n", l.FalseAlarms, o.FalseAlarms)
	fmt.Fprintf(b, "| crises caught with their own kind | %s | %s |\n\n", l.KindAccuracy, o.KindAccuracy)
	if len(l.Misses) == 0 {
		fmt.Fprintf(b, "No misses.\n\n")
		return
	}
	misses := l.Misses
	sort.SliceStable(misses, func(i, j int) bool { return misses[i].Label < misses[j].Label })
	fmt.Fprintf(b, "<details><summary>The layer's %d misses (text, label, what it heard, why)</summary>\n\n| text | label | heard | why |\n| --- | --- | --- | --- |\n", len(misses))
	for _, m := range misses {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", cell(m.Text), m.Label, cmpOr(m.Concern, "none"), cell(m.Why))
	}
	fmt.Fprintf(b, "\n</details>\n\n")
}

func cell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ", "\r", " ").Replace(s)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func texts(sets ...[]chat.Example) []string {
	var out []string
	for _, set := range sets {
		for _, e := range set {
			out = append(out, e.Text)
		}
	}
	return out
}

func us(d time.Duration) string { return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond)) }

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// sweepThreshold prints, for model thresholds from 0.5 to 1, the
// development set's cross-validated crisis recall, urge recall and false
// alarms: how ModelThreshold is chosen.
func sweepThreshold(dev []chat.Example, k int, stdout io.Writer) error {
	cv := chateval.CrossValidate(dev, k, chat.ModelThreshold)
	fmt.Fprintf(stdout, "| threshold | every crisis: recall | urge: recall | none: false alarms |\n| ---: | ---: | ---: | ---: |\n")
	for t := 0.5; t <= 1.0001; t += 0.05 {
		s := chateval.Summarize(chateval.WithThreshold(cv, t))
		fmt.Fprintf(stdout, "| %.2f | %s | %s | %s |\n", t, s.CrisisAll, s.Urge, s.FalseAlarms)
	}
	return nil
}
