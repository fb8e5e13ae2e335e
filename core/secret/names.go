package secret

import "strings"

// IsName reports whether s is the name of a secret member of some kind
// (password, client_secret, ...), as written or in lower case: a reader
// that sees no schema (a JSON patch's path, a key in another program's
// file) knows a secret by its name, as the gate and the guess do.
// Misspellings are not names here: this tells which member an address
// means, not whether a document's key was meant as one.
func IsName(s string) bool {
	return names[s] || names[strings.ToLower(s)]
}
