package main

import "testing"

func TestPlainMarkdown(t *testing.T) {
	cases := []struct{ md, plain, colored string }{
		{"**Kafka.spec.plan**: string, required\n", "Kafka.spec.plan: string, required\n", "\x1b[1mKafka.spec.plan\x1b[0m: string, required\n"},
		{"- one of `monday`, `tuesday`\n- default `\"\"`\n", "• one of monday, tuesday\n• default \"\"\n", ""},
		{"  * nested `x`\n", "  • nested x\n", ""},
		{"pattern `^[a-z]*$` and **`bold code`**\n", "pattern ^[a-z]*$ and bold code\n", "pattern ^[a-z]*$ and \x1b[1mbold code\x1b[0m\n"},
		{"a ``code with ` inside`` b\n", "a code with ` inside b\n", ""},
		{"`` `x` ``\n", "`x`\n", ""},
		{"see [the rules](https://example.io/r#enum).\n", "see the rules (https://example.io/r#enum).\n", ""},
		{"Title\n\n\n\nMembers:\n\n", "Title\n\nMembers:\n", ""},
		// What is not Markdown we read stays as written.
		{"an unclosed ` and ** and [link\n", "an unclosed ` and ** and [link\n", ""},
		{"a_b * c\n", "a_b * c\n", ""},
	}
	for _, c := range cases {
		if got := plainMarkdown(c.md, false); got != c.plain {
			t.Errorf("%q: got %q, want %q", c.md, got, c.plain)
		}
		want := c.colored
		if want == "" {
			want = c.plain
		}
		if got := plainMarkdown(c.md, true); got != want {
			t.Errorf("%q in colour: got %q, want %q", c.md, got, want)
		}
	}
}
