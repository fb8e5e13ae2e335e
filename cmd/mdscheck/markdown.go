package main

import "github.com/mdscheck/mdscheck/core/lang"

// plainMarkdown renders explain's Markdown for a person at a terminal
// (lang.Unmark): bold in bold when color is on, plain words otherwise.
func plainMarkdown(md string, color bool) string {
	if color {
		return lang.Unmark(md, ansiBold, ansiReset)
	}
	return lang.Unmark(md, "", "")
}
