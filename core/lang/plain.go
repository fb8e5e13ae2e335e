package lang

import "strings"

// Unmark renders the Markdown that hover and explain write for a reader
// that shows text as it is (a terminal, an editor that asks for plain
// text): **bold** between boldOn and boldOff (ANSI codes, or nothing),
// code spans without their backticks, [links](address) as "links
// (address)", list items as bullets, and runs of blank lines as one. It
// reads only that subset; anything else passes through as written.
func Unmark(md, boldOn, boldOff string) string {
	var b strings.Builder
	blank := false
	for _, line := range strings.Split(md, "\n") {
		if strings.TrimSpace(line) == "" {
			blank = b.Len() > 0
			continue
		}
		if blank {
			b.WriteByte('\n')
			blank = false
		}
		body := strings.TrimLeft(line, " ")
		b.WriteString(line[:len(line)-len(body)])
		if item, ok := strings.CutPrefix(body, "- "); ok {
			b.WriteString("• ")
			body = item
		} else if item, ok := strings.CutPrefix(body, "* "); ok {
			b.WriteString("• ")
			body = item
		}
		writeInline(&b, body, boldOn, boldOff)
		b.WriteByte('\n')
	}
	return b.String()
}

// writeInline writes one line's code spans, bold and links as plain text.
func writeInline(b *strings.Builder, s, boldOn, boldOff string) {
	for i := 0; i < len(s); {
		switch {
		case s[i] == '`':
			// A span opens and closes with runs of as many backticks, so
			// that `` a`b `` holds a backtick.
			n := backticks(s[i:])
			end := closingFence(s[i+n:], n)
			if end < 0 {
				b.WriteString(s[i : i+n])
				i += n
				continue
			}
			code := s[i+n : i+n+end]
			if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.Trim(code, " ") != "" {
				code = code[1 : len(code)-1]
			}
			b.WriteString(code)
			i += n + end + n
		case strings.HasPrefix(s[i:], "**"):
			end := strings.Index(s[i+2:], "**")
			if end <= 0 {
				b.WriteString("**")
				i += 2
				continue
			}
			b.WriteString(boldOn)
			writeInline(b, s[i+2:i+2+end], "", "")
			b.WriteString(boldOff)
			i += 2 + end + 2
		case s[i] == '[':
			text, rest, ok := strings.Cut(s[i+1:], "](")
			addr, _, closed := strings.Cut(rest, ")")
			if !ok || !closed || strings.Contains(text, "]") {
				b.WriteByte('[')
				i++
				continue
			}
			writeInline(b, text, boldOn, boldOff)
			b.WriteString(" (" + addr + ")")
			i += 1 + len(text) + 2 + len(addr) + 1
		default:
			b.WriteByte(s[i])
			i++
		}
	}
}

// closingFence returns where in s the first run of exactly n backticks
// starts, or -1.
func closingFence(s string, n int) int {
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		run := backticks(s[i:])
		if run == n {
			return i
		}
		i += run
	}
	return -1
}

// backticks counts the backticks that s starts with.
func backticks(s string) int { return len(s) - len(strings.TrimLeft(s, "`")) }
