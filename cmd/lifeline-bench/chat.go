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
// held-out set when it is present (trained on the development corpus only),
// on each author of the development corpus with the model trained on the
// others (leave one author out), and by k-fold cross-validation, beside the
// phrase table it replaced; the model's threshold swept; then its latency
// per message against that table's. It prints the BENCHMARKS.md section as
// Markdown.
func benchChat(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("chat", flag.ContinueOnError)
	flags.SetOutput(stderr)
	devDir := flags.String("dev", "chat/crisisset/dev", "development corpus: a folder of crisis sets, one an author")
	heldoutPath := flags.String("heldout", "chat/crisisset/heldout.jsonl", "held-out set (measured when present)")
	k := flags.Int("k", 10, "folds of the cross-validation (0: none)")
	rounds := flags.Int("rounds", 20, "passes over the messages for the latency (0: none)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *k == 1 || *k < 0 {
		return fmt.Errorf("--k must be 0 or at least 2")
	}
	dev, err := chat.ReadCorpus(os.DirFS(*devDir), ".")
	if err != nil {
		return fmt.Errorf("%s: %w", *devDir, err)
	}
	authors := chat.Authors(dev)
	if len(authors) < 2 {
		return fmt.Errorf("%s: leaving one author out needs at least two authors (files)", *devDir)
	}
	heldout, err := readSet(*heldoutPath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(stderr, "bench-chat: no held-out set at %s: measuring on the development corpus only\n", *heldoutPath)
		heldout = nil
	case err != nil:
		return err
	}

	var b strings.Builder
	fmt.Fprintf(&b, "Messages one at a time (no conversation). A crisis message (suicide, self-harm, overdose, danger) counts as caught when it is\n")
	fmt.Fprintf(&b, "flagged as any crisis; an urge when it is flagged as an urge or a crisis; ordinary talk (`none`) is a false alarm when it\n")
	fmt.Fprintf(&b, "is flagged at all. Each figure is n/N with its 95%% Wilson interval. The layer's model alarm threshold is %.2f. The\n", chat.ModelThreshold)
	fmt.Fprintf(&b, "baseline is the phrase table the layer replaced (`Legacy`, kept in `internal/bench/chateval`). How it works and how to\n")
	fmt.Fprintf(&b, "add data: [docs/chat-safety.md](docs/chat-safety.md).\n\n")

	var layer *chat.Layer
	if heldout != nil {
		layer = chat.NewLayer(dev)
		fmt.Fprintf(&b, "### Held-out set (%d messages, trained on the %d of the development corpus)\n\n", len(heldout), len(dev))
		table(&b, chateval.Evaluate(layer, heldout), chateval.Baseline(heldout))
		misses(&b, chateval.Evaluate(layer, heldout), false)
	} else {
		fmt.Fprintf(&b, "### Held-out set\n\nNot measured: `%s` is not in the tree. The figures below are the development corpus's, each author\nmeasured with the model trained on the others.\n\n", *heldoutPath)
	}

	loao := chateval.LeaveOneAuthorOut(dev, chat.ModelThreshold)
	fmt.Fprintf(&b, "### Leave one author out (%d messages, %d authors)\n\n", len(dev), len(authors))
	fmt.Fprintf(&b, "Each author's messages are assessed by a layer whose model was trained on the other authors' only: how the layer does\n")
	fmt.Fprintf(&b, "for someone who writes unlike anyone it learnt from. The rules are the same throughout, and they were written looking at\n")
	fmt.Fprintf(&b, "these messages (see above), so even these figures lean optimistic for the rules' part.\n\n")
	authorTable(&b, loao, authors)
	fmt.Fprintf(&b, "#### The model's threshold\n\n")
	fmt.Fprintf(&b, "The layer raises the model's alarm when no rule fired and the model's probability of \"needs help\" reaches the threshold.\n")
	fmt.Fprintf(&b, "Pooled over the authors left out, at each threshold (the worst author's figure beside it); **%.2f** is the layer's:\n\n", chat.ModelThreshold)
	sweep(&b, loao, authors)
	misses(&b, loao, true)

	if *k > 0 {
		cv := chateval.CrossValidate(dev, *k, chat.ModelThreshold)
		fmt.Fprintf(&b, "### Development corpus, %d-fold cross-validation (%d messages)\n\n", *k, len(dev))
		fmt.Fprintf(&b, "The model is trained on %d folds and tested on the last, %d times. Every fold holds messages of every author, so this does\n", *k-1, *k)
		fmt.Fprintf(&b, "not ask how the layer does for a new author: a secondary number. Its model learns from nine tenths of the corpus, not three\n")
		fmt.Fprintf(&b, "quarters; like the shipped model, which learns from all of it, it is surer of itself, and more of its scores reach the threshold.\n\n")
		table(&b, cv, chateval.Baseline(dev))
	}

	if *rounds > 0 {
		if layer == nil {
			layer = chat.DefaultLayer()
		}
		chatLatency(&b, layer, texts(dev, heldout), *rounds)
	}
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

// table writes the figures of the layer and the baseline.
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
}

// authorTable writes the figures of each author left out, pooled, and the
// phrase table's pooled.
func authorTable(b *strings.Builder, outcomes []chateval.Outcome, authors []string) {
	sums := make([]chateval.Summary, len(authors))
	fmt.Fprintf(b, "| category |")
	for i, a := range authors {
		sums[i] = chateval.Summarize(chateval.OfAuthor(outcomes, a))
		fmt.Fprintf(b, " %s (%d) |", a, len(chateval.OfAuthor(outcomes, a)))
	}
	pooled := chateval.Summarize(outcomes)
	old := chateval.Summarize(chateval.Baseline(examplesOf(outcomes)))
	fmt.Fprintf(b, " **pooled** | the old phrase table, pooled |\n| --- |%s ---: | ---: |\n", strings.Repeat(" ---: |", len(authors)))
	row := func(name string, f func(chateval.Summary) chateval.Figure, bold bool) {
		fmt.Fprintf(b, "| %s |", name)
		for _, s := range sums {
			fmt.Fprintf(b, " %s |", f(s))
		}
		if bold {
			fmt.Fprintf(b, " **%s** | %s |\n", f(pooled), f(old))
		} else {
			fmt.Fprintf(b, " %s | %s |\n", f(pooled), f(old))
		}
	}
	for _, label := range chat.Labels[1:] {
		row(label+": recall", func(s chateval.Summary) chateval.Figure { return s.Recall[label] }, false)
	}
	row("**every crisis: recall**", func(s chateval.Summary) chateval.Figure { return s.CrisisAll }, true)
	row("**none: false alarms**", func(s chateval.Summary) chateval.Figure { return s.FalseAlarms }, true)
	row("crises caught with their own kind", func(s chateval.Summary) chateval.Figure { return s.KindAccuracy }, false)
	fmt.Fprintf(b, "\n")
}

// sweep writes the figures of outcomes at each model threshold: the
// operating point's trade-off between recall and false alarms.
func sweep(b *strings.Builder, outcomes []chateval.Outcome, authors []string) {
	fmt.Fprintf(b, "| threshold | every crisis: recall | urge: recall | none: false alarms | worst author: crisis recall | worst author: false alarms |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, t := range chateval.Thresholds() {
		at := chateval.WithThreshold(outcomes, t)
		s := chateval.Summarize(at)
		worstRecall, worstFA := 1.0, 0.0
		var wr, wf string
		for _, a := range authors {
			sa := chateval.Summarize(chateval.OfAuthor(at, a))
			if r := sa.CrisisAll.Rate(); r <= worstRecall {
				worstRecall, wr = r, fmt.Sprintf("%.1f%% (%s)", 100*r, a)
			}
			if f := sa.FalseAlarms.Rate(); f >= worstFA {
				worstFA, wf = f, fmt.Sprintf("%.1f%% (%s)", 100*f, a)
			}
		}
		mark := ""
		if fmt.Sprintf("%.2f", t) == fmt.Sprintf("%.2f", chat.ModelThreshold) {
			mark = "**"
		}
		fmt.Fprintf(b, "| %s%.2f%s | %s | %s | %s | %s | %s |\n", mark, t, mark, s.CrisisAll, s.Urge, s.FalseAlarms, wr, wf)
	}
	fmt.Fprintf(b, "\n")
}

// misses writes the layer's misses (with their author when byAuthor).
func misses(b *strings.Builder, outcomes []chateval.Outcome, byAuthor bool) {
	ms := chateval.Summarize(outcomes).Misses
	if len(ms) == 0 {
		fmt.Fprintf(b, "No misses.\n\n")
		return
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Label < ms[j].Label })
	what, author, authorHead := "", "", ""
	if byAuthor {
		what, author, authorHead = " author,", " author |", " --- |"
	}
	fmt.Fprintf(b, "<details><summary>The layer's %d misses (text, label,%s what it heard, why)</summary>\n\n| text | label |%s heard | why |\n| --- | --- |%s --- | --- |\n",
		len(ms), what, author, authorHead)
	for _, m := range ms {
		a := ""
		if byAuthor {
			a = " " + m.Author + " |"
		}
		fmt.Fprintf(b, "| %s | %s |%s %s | %s |\n", cell(m.Text), m.Label, a, cmpOr(m.Concern, "none"), cell(m.Why))
	}
	fmt.Fprintf(b, "\n</details>\n\n")
}

func chatLatency(b *strings.Builder, layer *chat.Layer, messages []string, rounds int) {
	legacy := func(m string) { chateval.Legacy(m) }
	assess := func(m string) { layer.Assess(nil, m) }
	assess(messages[0])
	lp50, lp99 := chateval.Latency(legacy, messages, rounds)
	ap50, ap99 := chateval.Latency(assess, messages, rounds)
	fmt.Fprintf(b, "### Latency\n\n")
	fmt.Fprintf(b, "Per message, %d messages × %d passes on one goroutine, in the same run: the layer **p50 %s, p99 %s**; the old phrase\n", len(messages), rounds, us(ap50), us(ap99))
	fmt.Fprintf(b, "table p50 %s, p99 %s (the layer takes %.1f times as long at p50, %.1f at p99). The goal is at most 5 ms a message.\n",
		us(lp50), us(lp99), ratio(ap50, lp50), ratio(ap99, lp99))
	fmt.Fprintf(b, "The slowest message on its own (best of 5 runs, without the pauses a machine shared by other work adds to the\n")
	fmt.Fprintf(b, "percentiles): the layer %s, the phrase table %s.\n", us(chateval.Slowest(assess, messages, 5)), us(chateval.Slowest(legacy, messages, 5)))
}

func examplesOf(outcomes []chateval.Outcome) []chat.Example {
	out := make([]chat.Example, len(outcomes))
	for i, o := range outcomes {
		out[i] = o.Example
	}
	return out
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
