package config

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
)

// Item is a completion in a configuration file.
type Item struct {
	Label  string
	Detail string // what it is: "key", "rule code", "severity"
	Doc    string // Markdown
	// Start and End are the byte offsets of the word it replaces.
	Start, End int
}

// Complete returns what may stand at offset of src: the keys of the file
// or of an override, rule codes under rules, severities after a rule code
// or unknownFields. It reads the lines around the cursor rather than the
// YAML tree, since the text is mostly half-typed when it is asked.
func Complete(src string, offset int) []Item {
	offset = min(max(offset, 0), len(src))
	start, end := wordAt(src, offset)
	lineStart := text.LineStart(src, start)
	before := src[lineStart:start]
	if strings.ContainsAny(before, "#\"'") {
		return nil // in a comment or a quoted string
	}
	var names []key
	detail := "key"
	if open := strings.LastIndexAny(before, "{["); open >= 0 && !strings.ContainsAny(before[open:], "}]") {
		// In a flow collection: rules: {maximum: warning, dep|
		if before[open] == '[' || !strings.HasSuffix(strings.TrimSpace(before[:open]), "rules:") {
			return nil
		}
		entry := before[max(open, strings.LastIndexByte(before, ','))+1:]
		if code, _, isValue := strings.Cut(entry, ":"); isValue {
			names, detail = levelsFor(strings.TrimSpace(code))
		} else {
			names, detail = ruleKeys(), "rule code"
		}
	} else {
		indent := len(before) - len(strings.TrimLeft(before, " "))
		rest := before[indent:]
		col := indent
		if item, ok := strings.CutPrefix(rest, "- "); ok {
			rest, col = strings.TrimLeft(item, " "), len(before)-len(strings.TrimLeft(item, " "))
		}
		if k, v, isValue := strings.Cut(rest, ":"); isValue {
			if strings.TrimSpace(v) != "" {
				return nil
			}
			names, detail = levelsFor(strings.TrimSpace(k))
		} else if rest == "" {
			switch parentKey(src, lineStart, col, indent) {
			case "":
				names = topKeys
			case "rules":
				names, detail = ruleKeys(), "rule code"
			case "overrides":
				names = overrideKeys
			}
		}
	}
	items := make([]Item, len(names))
	for i, k := range names {
		items[i] = Item{Label: k.name, Detail: detail, Doc: k.doc, Start: start, End: end}
	}
	return items
}

// levelsFor returns the severities that the key named k takes, if it is
// one that takes them.
func levelsFor(k string) ([]key, string) {
	switch {
	case k == "unknownFields":
		return []key{levelDocs[0], levelDocs[1], levelDocs[3]}, "severity" // not information
	case check.LookupRule(k) != nil:
		return levelDocs, "severity"
	}
	return nil, ""
}

// ruleKeys are the rule codes with their summaries.
func ruleKeys() []key {
	out := make([]key, len(check.Rules))
	for i, r := range check.Rules {
		out[i] = key{r.Code, r.Summary + "\n\n[docs/rules.md](" + check.RuleURL(r.Code) + ")"}
	}
	return out
}

// parentKey returns the key of the mapping entry that holds a key at
// column col of the line at lineStart (dash is the column of its "- ",
// or col): the nearest line above that starts further left. "" is the
// top level.
func parentKey(src string, lineStart, col, dash int) string {
	for end := lineStart - 1; end > 0; {
		start := text.LineStart(src, end)
		line := src[start:end]
		end = start - 1
		rest := strings.TrimLeft(line, " ")
		if rest == "" || strings.HasPrefix(rest, "#") {
			continue
		}
		indent := len(line) - len(rest)
		if indent >= dash {
			continue // a sibling, or deeper
		}
		rest = strings.TrimLeft(strings.TrimPrefix(rest, "- "), " ")
		if indent+2 == col && strings.HasPrefix(strings.TrimLeft(line, " "), "- ") {
			continue // an earlier member of the same list item
		}
		k, _, _ := strings.Cut(rest, ":")
		return strings.TrimSpace(k)
	}
	return ""
}

// Hover returns what the word at offset means, as Markdown, and its
// span; ok is false where there is nothing to say.
func Hover(src string, offset int) (doc string, start, end int, ok bool) {
	offset = min(max(offset, 0), len(src))
	start, end = wordAt(src, offset)
	word := src[start:end]
	if word == "" {
		return "", 0, 0, false
	}
	isKey := strings.HasPrefix(strings.TrimLeft(src[end:], " "), ":")
	if isKey {
		for _, ks := range [][]key{topKeys, overrideKeys} {
			for _, k := range ks {
				if k.name == word {
					return "**" + k.name + "**\n\n" + k.doc, start, end, true
				}
			}
		}
		if r := check.LookupRule(word); r != nil {
			return "**rule `" + r.Code + "`**\n\n" + r.Summary + "\n\n[docs/rules.md](" + check.RuleURL(r.Code) + ")", start, end, true
		}
		return "", 0, 0, false
	}
	for _, k := range levelDocs {
		if k.name == word {
			return "**" + k.name + "**\n\n" + k.doc, start, end, true
		}
	}
	return "", 0, 0, false
}

// wordAt returns the span of the key or value word (letters, digits, -
// and _) around offset, empty when there is none.
func wordAt(src string, offset int) (int, int) {
	isWord := func(c byte) bool {
		return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	start, end := offset, offset
	for start > 0 && isWord(src[start-1]) {
		start--
	}
	for end < len(src) && isWord(src[end]) {
		end++
	}
	return start, end
}
