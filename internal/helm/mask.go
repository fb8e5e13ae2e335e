// Package helm reads the templates of Helm charts as manifests: it masks
// their template actions so that the text is YAML again, byte for byte as
// long as the template, and every position found in the masked text is
// the position in the template.
package helm

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// action is one {{ ... }} of a template.
type action struct {
	start, end int    // the span, braces included
	word       string // the keyword (if, end, ...), "" for a pipeline
	writes     bool   // it writes text where it stands
}

// Mask returns src with its template actions masked, the same length as
// src with every line break where it was:
//
//   - a line that holds only actions that write nothing (if, end, range,
//     a comment, a variable) is blank;
//   - a line that holds only an action that writes (include, toYaml, a
//     value) becomes, by where it stands, the value of the key above it,
//     an item of the list it is in, or a member of the mapping it is in,
//     each a placeholder that starts with check.Masked;
//   - a key or value that holds an action becomes a placeholder, so the
//     whole scalar stands for what the action writes;
//   - the else branches of if, with and range, and the bodies of define,
//     are blank: they would write keys the first branch writes too.
//
// Check the result with check.Options.Template: placeholders are not
// checked, and a mapping with a placeholder key is not checked for
// missing members.
func Mask(src string) string {
	acts := scan(src)
	out := []byte(src)
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	// Else branches and defines first: what they hold is gone before
	// lines are read.
	type frame struct {
		word      string
		start     int // of the opening action
		elseStart int // of the first else, or -1
	}
	var stack []frame
	gone := make([]bool, len(acts))
	for i, a := range acts {
		switch a.word {
		case "if", "with", "range", "define", "block":
			stack = append(stack, frame{a.word, a.start, -1})
		case "else":
			if n := len(stack); n > 0 && stack[n-1].elseStart < 0 {
				stack[n-1].elseStart = a.start
			}
		case "end":
			if n := len(stack); n > 0 {
				f := stack[n-1]
				stack = stack[:n-1]
				from := f.elseStart
				if f.word == "define" {
					from = f.start
				}
				if from >= 0 {
					blank(from, a.start)
					for j := i - 1; j >= 0 && acts[j].start >= from; j-- {
						gone[j] = true
					}
				}
			}
		}
	}
	live := acts[:0:0]
	for i, a := range acts {
		if !gone[i] {
			live = append(live, a)
		}
	}
	m := masker{src: src, out: out, acts: live}
	m.lines()
	return string(out)
}

// masker masks the live actions of a template line by line.
type masker struct {
	src  string
	out  []byte
	acts []action
}

func (m *masker) lines() {
	next := 0 // the first action that has not ended before this line
	for ls := 0; ls < len(m.src); {
		le := strings.IndexByte(m.src[ls:], '\n')
		if le < 0 {
			le = len(m.src)
		} else {
			le += ls
		}
		for next < len(m.acts) && m.acts[next].end <= ls {
			next++
		}
		var on []action // the actions on this line
		for _, a := range m.acts[next:] {
			if a.start >= le {
				break
			}
			on = append(on, a)
		}
		if len(on) > 0 {
			m.line(ls, le, on)
		}
		ls = le + 1
	}
}

// line masks the actions on the line from ls to le (its break excluded).
func (m *masker) line(ls, le int, on []action) {
	// shadow is the line with the actions' text as NUL bytes: what is
	// left is the line's own text.
	shadow := []byte(m.src[ls:le])
	writes := false
	for _, a := range on {
		for i := max(a.start, ls); i < min(a.end, le); i++ {
			shadow[i-ls] = 0
		}
		// An action that began on a line above was masked there.
		writes = writes || a.writes && a.start >= ls
	}
	own := strings.TrimRight(strings.Trim(string(shadow), "\x00 \t\r"), "\x00")
	for _, a := range on {
		m.blank(max(a.start, ls), min(a.end, le))
	}
	if !writes {
		return
	}
	if own == "" {
		m.alone(ls, le, on)
		return
	}
	// Actions among the line's own text: the key or value they are in
	// becomes a placeholder.
	keyStart, keyEnd, valStart, valEnd := fields(shadow)
	for _, a := range on {
		if !a.writes || a.start < ls {
			continue
		}
		at := a.start - ls
		switch {
		case keyEnd > 0 && at < keyEnd && at >= keyStart:
			m.place(ls+keyStart, ls+keyEnd, a.start, "")
		case at >= valStart && valEnd > valStart && (shadow[valStart] == '{' || shadow[valStart] == '['):
			// Inside a flow collection: only the scalar the action is in
			// stands for what it writes; the collection's other members
			// are checked.
			from, to := scalarAround(shadow, at, min(a.end, le)-ls, valStart, valEnd)
			m.value(ls+from, ls+to, a.start)
		case at >= valStart && valEnd > valStart:
			m.value(ls+valStart, ls+valEnd, a.start)
		default:
			m.place(a.start, min(a.end, le), a.start, "")
		}
	}
}

// scalarAround returns the scalar of a flow collection, in line[from:to]
// (the value of a line whose actions are NUL bytes), that holds the
// action in line[start:end]: from after the indicator before it (a flow
// bracket, a comma or a key's colon) to the next comma or closing
// bracket, blanks left out and quotes around it included.
func scalarAround(line []byte, start, end, from, to int) (int, int) {
	lo := start
	for lo > from && !strings.ContainsRune("{[,", rune(line[lo-1])) && !(line[lo-1] == ':' && lo < len(line) && (line[lo] == ' ' || line[lo] == 0)) {
		lo--
	}
	hi := end
	for hi < to && !strings.ContainsRune(",]}", rune(line[hi])) {
		hi++
	}
	for lo < start && line[lo] == ' ' {
		lo++
	}
	for hi > end && line[hi-1] == ' ' {
		hi--
	}
	return lo, hi
}

// alone masks a line that holds only actions, one of which writes.
func (m *masker) alone(ls, le int, on []action) {
	first := on[0]
	for _, a := range on {
		if a.start >= ls && a.writes {
			first = a
			break
		}
	}
	col := max(first.start, ls) - ls
	out := col
	if n, ok := indent(m.src[first.start:first.end]); ok {
		out = n
	}
	prev, found := m.above(ls)
	indentOf := len(prev) - len(strings.TrimLeft(prev, " "))
	body := strings.TrimSpace(prev)
	keyCol := indentOf
	for strings.HasPrefix(body, "- ") {
		body = strings.TrimLeft(body[2:], " ")
		keyCol = len(prev) - len(body)
	}
	next, item, below := m.below(le)
	switch {
	case found && out > indentOf && opensValue(body) && (!below || next <= indentOf):
		// The whole value of the key above: a scalar, indented under
		// the key.
		at := max(col, keyCol+1)
		m.value(ls+at, le, first.start)
	case found && strings.HasPrefix(strings.TrimSpace(prev), "- ") && out == indentOf,
		below && next == out && item:
		m.place(ls+out, le, first.start, "- ")
	default:
		// A member of the mapping it is in, written by the action.
		m.place(ls+out, le, first.start, ":")
	}
}

// above returns the last line before ls that holds YAML (not blank, not a
// comment) in the masked text so far.
func (m *masker) above(ls int) (string, bool) {
	for end := ls - 1; end > 0; {
		start := bytes.LastIndexByte(m.out[:end], '\n') + 1
		line := strings.TrimRight(string(m.out[start:end]), " \t\r")
		t := strings.TrimSpace(line)
		if t != "" && !strings.HasPrefix(t, "#") {
			return line, t != "---"
		}
		end = start - 1
	}
	return "", false
}

// below returns the indentation of the first line after le that holds
// YAML of the template's own (not blank, not a comment, not only
// actions), and whether it is a list item.
func (m *masker) below(le int) (indent int, item, found bool) {
	for ls := le + 1; ls < len(m.src); {
		e := strings.IndexByte(m.src[ls:], '\n')
		if e < 0 {
			e = len(m.src)
		} else {
			e += ls
		}
		line := strings.TrimRight(m.src[ls:e], " \t\r")
		t := strings.TrimSpace(line)
		if t != "" && !strings.HasPrefix(t, "#") && !(strings.HasPrefix(t, "{{") && strings.HasSuffix(t, "}}")) {
			if t == "---" {
				return 0, false, false
			}
			return len(line) - len(strings.TrimLeft(line, " ")), t == "-" || strings.HasPrefix(t, "- "), true
		}
		ls = e + 1
	}
	return 0, false, false
}

// opensValue reports whether a line's text (after any "- ") leaves its
// value to the lines below: "key:", "key: |", "key: >-", "-".
func opensValue(body string) bool {
	if i := strings.Index(body, " #"); i >= 0 {
		body = strings.TrimSpace(body[:i])
	}
	if body == "-" || strings.HasSuffix(body, ":") {
		return true
	}
	return blockHeader.MatchString(body)
}

var (
	blockHeader = regexp.MustCompile(`:\s+[|>][-+0-9]*$`)
	indentCall  = regexp.MustCompile(`\bn?indent\s+([0-9]+)`)
)

// indent returns the column the action's text is indented to, when its
// pipeline says (indent N, nindent N).
func indent(act string) (int, bool) {
	all := indentCall.FindAllStringSubmatch(act, -1)
	if len(all) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(all[len(all)-1][1])
	if err != nil || n > 1000 {
		return 0, false
	}
	return n, true
}

// place writes a placeholder for the action at id over out[from:to]:
// check.Masked and the action's offset (a key that no other placeholder
// repeats), prefix before it ("- " for a list item) and suffix after ":"
// for a key. A placeholder that does not fit is left out: the line stays
// blank.
func (m *masker) place(from, to, id int, kind string) {
	text := string(check.Masked) + strconv.FormatInt(int64(id), 36)
	switch kind {
	case "- ":
		text = "- " + text
	case ":":
		text += ":"
	}
	if from < 0 || to > len(m.out) || to-from < len(text) {
		if kind == "" && to-from >= 2 {
			text = text[:to-from] // still a placeholder, if not unique
		} else {
			return
		}
	}
	m.blank(from, to)
	copy(m.out[from:], text)
	if kind == "" {
		for i := from + len(text); i < to; i++ {
			if m.out[i] == ' ' {
				m.out[i] = check.Masked
			}
		}
	}
}

// value writes the placeholder of a scalar, out[from:to], that actions
// write, as place does, and keeps in it the string literals of those
// actions, each in single quotes where it stands, in a YAML string: the
// default a template writes for a secret ({{ .Values.p | default "S" }})
// is a secret, and the check, which learns the scalar's text where a
// secret belongs, learns it. The placeholder starts with check.Masked
// still. A literal that YAML's double quotes would not read as Go does
// (an octal escape, a raw string with a quote or a backslash), or with
// no room before it, stays masked.
func (m *masker) value(from, to, id int) {
	m.place(from, to, id, "")
	for to > from && (m.src[to-1] == '\r' || m.src[to-1] == ' ') {
		to--
	}
	var kept [][2]int // the quotes around each literal kept
	for i := from; i < to; {
		open := strings.Index(m.src[i:to], "{{")
		if open < 0 {
			break
		}
		start := i + open
		end := min(actionEnd(m.src, start+2), to)
		if classify(m.src, start, end).writes {
			for _, q := range literals(m.src[start:end]) {
				qs, qe := start+q[0], start+q[1]
				if qs >= from+3 && qe < to-1 {
					kept = append(kept, [2]int{qs, qe})
				}
			}
		}
		i = end
	}
	if len(kept) == 0 {
		return
	}
	// "~id ~~ 'S1'  'S2'   ": the placeholder up to the blank before the
	// first literal, then the literals among blanks.
	head := string(check.Masked) + strconv.FormatInt(int64(id), 36)
	m.out[from] = '"'
	for i := from + 1; i < kept[0][0]-1; i++ {
		if c := i - from - 1; c < len(head) {
			m.out[i] = head[c]
		} else {
			m.out[i] = check.Masked
		}
	}
	for i := kept[0][0] - 1; i < to-1; i++ {
		m.out[i] = ' '
	}
	for _, q := range kept {
		copy(m.out[q[0]+1:q[1]], m.src[q[0]+1:q[1]])
		m.out[q[0]], m.out[q[1]] = '\'', '\''
	}
	m.out[to-1] = '"'
}

// literals returns the offsets of the quotes around each string literal
// of an action's text that YAML's double quotes read as Go reads it: an
// interpreted string without an octal escape, a raw one on one line
// without a quote or a backslash. An empty one is none, and so is an
// argument of a function that never writes it (unwritten).
func literals(act string) [][2]int {
	var out [][2]int
	// fns holds the function of each command open (a pipeline's stage, a
	// parenthesized one inside it); first: its first word is to come.
	fns, first := []string{""}, true
	for j := 0; j < len(act); j++ {
		switch c := act[j]; {
		case c == '"' || c == '`':
			k, ok := j+1, true
			for ; k < len(act) && act[k] != c && act[k] != '\n'; k++ {
				switch {
				case c == '`' && (act[k] == '"' || act[k] == '\\'):
					ok = false
				case c == '"' && act[k] == '\\':
					k++
					ok = ok && k < len(act) && (act[k] < '0' || act[k] > '9')
				}
			}
			if k >= len(act) || act[k] != c {
				return out
			}
			if ok && k > j+1 && !unwritten[fns[len(fns)-1]] {
				out = append(out, [2]int{j, k})
			}
			j, first = k, false
		case c == '\'':
			// A character constant, 'x' or '\'': no string.
			if k := strings.IndexByte(act[j+1:], '\''); k >= 0 {
				if k == 1 && act[j+1] == '\\' {
					k = 2 + strings.IndexByte(act[j+3:], '\'')
				}
				j += k + 1
			}
			first = false
		case c == '(':
			fns, first = append(fns, ""), true
		case c == ')':
			fns, first = fns[:max(len(fns)-1, 1)], false
		case c == '|':
			fns[len(fns)-1], first = "", true
		case c == '.' || c == '$' || c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z':
			k := j + 1
			for k < len(act) && (act[k] == '.' || act[k] == '_' || act[k] >= '0' && act[k] <= '9' || act[k]|0x20 >= 'a' && act[k]|0x20 <= 'z') {
				k++
			}
			if first && c != '.' && c != '$' {
				fns[len(fns)-1] = act[j:k]
			}
			j, first = k-1, false
		}
	}
	return out
}

// unwritten are the functions of templates that write none of their
// string arguments: a message (required, fail), the names of what they
// look up (lookup, include, template, index, get, hasKey). "A password
// is required" made mdscheck's word "required" a secret, lookup's
// "Secret" the name of a kind.
var unwritten = map[string]bool{"required": true, "fail": true, "lookup": true, "include": true,
	"template": true, "index": true, "get": true, "hasKey": true}

func (m *masker) blank(from, to int) {
	for i := from; i < to; i++ {
		if m.out[i] != '\n' && m.out[i] != '\r' {
			m.out[i] = ' '
		}
	}
}

// fields finds, in a line whose actions are NUL bytes, the key (from
// after the indentation and list markers to the colon) and the value
// (after the colon and spaces to a comment or the end). keyEnd is 0 when
// the line has no key.
func fields(line []byte) (keyStart, keyEnd, valStart, valEnd int) {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	for i+1 < len(line) && line[i] == '-' && line[i+1] == ' ' {
		i += 2
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	keyStart, valStart = i, i
	var quote byte
	end := len(line)
	for j := i; j < len(line); j++ {
		c := line[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ':' && keyEnd == 0 && (j+1 == len(line) || line[j+1] == ' '):
			keyEnd = j
			valStart = j + 1
			for valStart < len(line) && line[valStart] == ' ' {
				valStart++
			}
		case c == '#' && j > 0 && line[j-1] == ' ':
			end = j
			j = len(line)
		}
	}
	for end > valStart && (line[end-1] == ' ' || line[end-1] == '\r') {
		end--
	}
	return keyStart, keyEnd, valStart, end
}

// scan finds the actions of a template in order. An action that does not
// end runs to the end of the text, as Helm would refuse it anyway.
func scan(src string) []action {
	var out []action
	for i := 0; ; {
		s := strings.Index(src[i:], "{{")
		if s < 0 {
			return out
		}
		s += i
		e := actionEnd(src, s+2)
		out = append(out, classify(src, s, e))
		i = e
	}
}

// actionEnd returns the end of the action whose text starts at i (after
// its braces): past its }}, skipping quoted text and comments.
func actionEnd(src string, i int) int {
	body := strings.TrimLeft(strings.TrimPrefix(src[i:], "-"), " \t\r\n")
	if strings.HasPrefix(body, "/*") {
		from := len(src) - len(body) + 2
		if c := strings.Index(src[from:], "*/"); c >= 0 {
			if e := strings.Index(src[from+c:], "}}"); e >= 0 {
				return from + c + e + 2
			}
		}
		return len(src)
	}
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"', '\'':
			q := src[j]
			for j++; j < len(src) && src[j] != q && src[j] != '\n'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
		case '`':
			if k := strings.IndexByte(src[j+1:], '`'); k >= 0 {
				j += k + 1
			} else {
				return len(src)
			}
		case '}':
			if j+1 < len(src) && src[j+1] == '}' {
				return j + 2
			}
		}
	}
	return len(src)
}

// classify names the action from s to e: its keyword, and whether it
// writes text.
func classify(src string, s, e int) action {
	a := action{start: s, end: e, writes: true}
	body := strings.TrimSuffix(src[s+2:e], "}}")
	body = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(body, "-"), "-"))
	word := body
	if i := strings.IndexAny(body, " \t\r\n("); i >= 0 {
		word = body[:i]
	}
	switch {
	case strings.HasPrefix(body, "/*"):
		a.writes = false
	case word == "if", word == "else", word == "end", word == "with", word == "range",
		word == "define", word == "break", word == "continue":
		a.word, a.writes = word, false
	case word == "block":
		a.word = word
	case strings.HasPrefix(word, "$") && assigns(body):
		a.writes = false
	}
	return a
}

// assigns reports whether an action's text declares or sets a variable
// ($x := ..., $x = ...), which writes nothing.
func assigns(body string) bool {
	rest := strings.TrimLeft(body, "$_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, ",") { // range $i, $v := ...
		return true
	}
	return strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")
}

// IsTemplate reports whether path is a template of a Helm chart: a file
// below a templates directory whose parent holds Chart.yaml.
func IsTemplate(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for dir := filepath.Dir(abs); ; {
		parent := filepath.Dir(dir)
		if filepath.Base(dir) == "templates" {
			if st, err := os.Stat(filepath.Join(parent, "Chart.yaml")); err == nil && st.Mode().IsRegular() {
				return true
			}
		}
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// Hidden returns the text that Mask hid of src beyond its actions, as
// spans of src: where an action sits inside a scalar, the masker hides
// the whole scalar, and what it hides may be a secret a template writes
// after an action ({{ "client_secret" }}: S in a flow mapping), which no
// check of the masked text can see. masked is Mask(src). What an action
// holds is template code, the literals Mask keeps in it too, and none of
// it is hidden text.
func Hidden(src, masked string) []document.Span {
	var out []document.Span
	if len(src) != len(masked) {
		return nil
	}
	acts := scan(src)
	for i := 0; i < len(src); {
		if src[i] == masked[i] {
			i++
			continue
		}
		for len(acts) > 0 && acts[0].end <= i {
			acts = acts[1:]
		}
		if len(acts) > 0 && acts[0].start <= i {
			i = acts[0].end // inside an action
			continue
		}
		start := i
		for i < len(src) && src[i] != masked[i] && (len(acts) == 0 || i < acts[0].start) {
			i++
		}
		if strings.TrimSpace(src[start:i]) != "" {
			out = append(out, document.Span{Start: start, End: i})
		}
	}
	return out
}
