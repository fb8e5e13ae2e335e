package leak

// Vocabulary is a stream whose Secret holds, in a .env file, values that
// are also words of mdscheck's own: a day an enum allows, a member's
// name, a phrase of its messages. The Kafka beside it writes two of them
// where a finding quotes the user's text: an unknown key that starts with
// a member's name (one long enough to be looked for inside words: a
// short one, as "plan", is looked for whole), and the day as the value of another enum. Every
// front end shows its findings with Said whole and none of Hidden: the
// vocabulary stays where mdscheck wrote it, and the user's text that
// equals it stays masked.
var Vocabulary = Words{
	Text: `apiVersion: v1
kind: Secret
metadata:
  name: s
stringData:
  app.env: "PASSWORD=wednesday\nTOKEN=cloudName\nPLAN=plan\nPHRASE=is not allowed\nCHARS=letters\nIDLE=3600000"
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: words
spec:
  project: voca/bulary
  maintenanceWindowDow: hunterx
  cloudName2: x
  userConfig:
    kafka:
      compression_type: wednesday
      connections_max_idle_ms: 3600001
`,
	Said: []string{
		// The schema's list, whatever the input.
		`"hunterx" is not allowed; must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday`,
		// The user's value, a secret and a day, quoted before another
		// enum's list.
		`"(secret)" is not allowed; must be one of gzip, lz4, producer, snappy, uncompressed, zstd`,
		// The schema's member, missing: its name whole.
		`missing required member "plan" (string)`,
		// The user's key that holds the secret is masked; the schema's
		// name it suggests is not.
		`unknown field "(secret)2"; did you mean "cloudName"?`,
		// A pattern and its words, a bound: the schema's.
		"does not match the pattern ^[a-zA-Z0-9_-]+$: letters, digits, `_` and `-`",
		"is above the maximum of 3600000 (allowed: 1000 to 3600000)",
	},
	Hidden: []string{"compression_type: wednesday", "cloudName2", `"wednesday" is not`},
}

// Words is a stream and what the findings of every front end must say of
// it (Said, each whole) and must not (Hidden).
type Words struct {
	Text         string
	Said, Hidden []string
}
