package document

// Limits keep time and memory linear in the size of the input, whatever
// the input: deep nesting would exhaust the reader's stack, huge mappings
// cost every later step, and aliases can multiply a small text into a huge
// tree. Every limit is checked before the work it guards.
type Limits struct {
	// StreamBytes is the largest stream read at all.
	StreamBytes int
	// Documents is the most spans a stream is split into. In a stream of
	// more documents, the last span is the rest of the stream, from its
	// Documents-th document to its end, and Parse refuses it with a count
	// of the documents: a span that holds more than one document is that
	// rest, as no other span does (the LSP checks each span as a text of
	// its own, so only its text can say so). 64 MiB of "---" lines are
	// 16.7 million empty documents, whose spans alone took 268 MB and
	// whose results took the command 3.5 GiB.
	Documents int
	// DocumentBytes is the largest single document.
	DocumentBytes int
	// Depth is the deepest nesting of collections.
	Depth int
	// Tokens is the most tokens of one document, counted before the
	// lexer runs: its memory grows with them.
	Tokens int
	// KeysPerMapping is the most entries of one mapping.
	KeysPerMapping int
	// AliasNodes is the most nodes that aliases and merge keys may copy
	// into one document.
	AliasNodes int
}

// DefaultLimits are far above any real manifest: the largest valid one (a
// full userConfig with 1,024 ip_filter entries) has about 4,000 keys,
// 10,000 tokens and a depth of 8. The largest real streams, kustomize
// builds, hold some 10,000 documents; the WebAssembly module checks at
// most 100,000 in one call, so its own budget comes first.
var DefaultLimits = Limits{
	StreamBytes:    64 << 20,
	Documents:      200000,
	DocumentBytes:  4 << 20,
	Depth:          64,
	Tokens:         250000,
	KeysPerMapping: 5000,
	AliasNodes:     10000,
}
