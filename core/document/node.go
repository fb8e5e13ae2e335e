// Package document reads a YAML stream into documents of nodes that carry
// exact byte offsets into the stream and values resolved the way Kubernetes
// clients read YAML (sigs.k8s.io/yaml), which is what reaches the cluster.
//
// Tokens come from github.com/goccy/go-yaml's lexer; this package does the
// rest itself: it splits the stream into documents, rebuilds every token's
// offset from its source text, reads from the source what the lexer gets
// wrong (block scalars, scalars over lines, a ':' in a flow collection),
// builds the tree with its own reader (read.go), resolves scalars from
// their raw text, confines anchors to their document, resolves aliases and
// merge keys within a budget, and refuses input beyond the limits in
// limits.go before any tree is built. The YAML Test Suite holds it to YAML
// (suite_test.go).
package document

// Kind is the structural kind of a node.
type Kind uint8

// Node kinds. Null values are scalars whose Type is Null.
const (
	Scalar Kind = iota
	Mapping
	Sequence
)

// Type is the resolved type of a scalar.
type Type uint8

// Scalar types, as a JSON value would have them.
const (
	Null Type = iota
	Bool
	Int
	Float
	String
)

var typeNames = [...]string{"null", "boolean", "integer", "number", "string"}

func (t Type) String() string { return typeNames[t] }

// Style is how a scalar is written.
type Style uint8

// Scalar styles.
const (
	Plain Style = iota
	SingleQuoted
	DoubleQuoted
	Literal
	Folded
)

// Node is one value of a document.
type Node struct {
	// The small fields come first, packed into one word: a check makes
	// hundreds of nodes per document.

	Kind  Kind
	Type  Type  // scalars: the resolved type
	Style Style // scalars: how it is written
	Bool  bool
	// Overflow is set on an integer beyond the signed 64-bit range; Text
	// holds its digits and Int is zero.
	Overflow bool
	// Alias is set on nodes copied from an anchor by an alias or merge
	// key; their offsets are those of the alias.
	Alias bool

	// Start and End are byte offsets into the stream. A scalar's cover
	// exactly its text: quotes included, a block scalar from its header
	// to its last line that is not empty, a tagged one from its tag
	// (TestScalarRanges says it all).
	Start, End int

	// Scalars.
	Tag  string // explicit tag as written, "" when none
	Text string // the string value; for other types the text as written
	Int  int64
	// YAML12 is set when a YAML 1.2 reader would see a different value:
	// it says what that reader sees, for a warning.
	YAML12 string

	Pairs []Pair  // Mapping entries in document order
	Items []*Node // Sequence items
}

// Pair is one entry of a mapping.
type Pair struct {
	Key   *Node // a scalar; Key.Text is the member name
	Value *Node // never nil: an empty value is a Null scalar
	// Merged is set on entries that a merge key (<<) brought in.
	Merged bool
}

// Get returns the value of the member called name of a mapping, or nil.
// With duplicate keys, the last one wins, as in Kubernetes clients.
func (n *Node) Get(name string) *Node {
	if n == nil || n.Kind != Mapping {
		return nil
	}
	for i := len(n.Pairs) - 1; i >= 0; i-- {
		if n.Pairs[i].Key.Text == name {
			return n.Pairs[i].Value
		}
	}
	return nil
}

// GetPair returns the entry called name of a mapping, or nil.
func (n *Node) GetPair(name string) *Pair {
	if n == nil || n.Kind != Mapping {
		return nil
	}
	for i := len(n.Pairs) - 1; i >= 0; i-- {
		if n.Pairs[i].Key.Text == name {
			return &n.Pairs[i]
		}
	}
	return nil
}

// IsNull reports whether n is absent or a null scalar.
func (n *Node) IsNull() bool { return n == nil || (n.Kind == Scalar && n.Type == Null) }

// String returns the string value of a string scalar, or "".
func (n *Node) String() string {
	if n == nil || n.Kind != Scalar || n.Type != String {
		return ""
	}
	return n.Text
}

// Describe names the node's kind and type for messages: "a mapping", "a
// sequence", "a string", "a number", ...
func (n *Node) Describe() string {
	switch n.Kind {
	case Mapping:
		return "a mapping"
	case Sequence:
		return "a list"
	}
	switch n.Type {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Int, Float:
		return "a number"
	case String:
		return "a string"
	}
	return "a value"
}

// Document is one document of a stream.
type Document struct {
	Index      int // 0-based position in the stream
	Start, End int // byte offsets of its text, markers included
	Root       *Node
	// Err is the syntax error or exceeded limit that stopped reading the
	// document; Root is nil then. Other documents are unaffected.
	Err *Error
	// Duplicates are keys that appear twice in one mapping (the later ones).
	Duplicates []*Node
	// Origins maps each node an alias or merge key copied to the node it
	// was copied from (as written, never itself a copy); nil when the
	// document has no aliases. A secret reached through an alias is
	// found by it.
	Origins map[*Node]*Node
	// Comments are the spans of the document's comments in order, each
	// from its '#' to the end of its line (a CR before the line feed
	// left out); nil when it has none, or when Err is set. They are the
	// comments as the reader reads them: a '#' in a scalar's text (a
	// line of a block scalar, a quoted string over lines) is the
	// value's, and a '#' with no blank before it is text.
	Comments []Span
}

// Origin returns the node as written that n was copied from, or n itself.
func (d *Document) Origin(n *Node) *Node {
	if o, ok := d.Origins[n]; ok {
		return o
	}
	return n
}

// Error is a syntax error or an exceeded limit, at a span of the stream.
type Error struct {
	Start, End int
	Message    string
	// Limit names the limit that was exceeded, "" for a syntax error.
	Limit string
}

func (e *Error) Error() string { return e.Message }
