package document

// Limits keep time and memory linear in the size of the input, whatever
// the input: deep nesting would exhaust the reader's stack, huge mappings
// cost every later step, and aliases can multiply a small text into a huge
// tree. Every limit is checked before the work it guards.
type Limits struct {
	// StreamBytes is the largest stream read at all.
	StreamBytes int
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
// 10,000 tokens and a depth of 8.
var DefaultLimits = Limits{
	StreamBytes:    64 << 20,
	DocumentBytes:  4 << 20,
	Depth:          64,
	Tokens:         250000,
	KeysPerMapping: 5000,
	AliasNodes:     10000,
}
