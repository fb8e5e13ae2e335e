package lsp

import (
	"net/url"
	"path/filepath"

	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// readingOf looks at where the file of uri is on disk, as mdscheck
// validate does: under a chart's templates, or listed by the kustomization
// beside it. A file that is not on disk (untitled, another scheme) is a
// manifest.
func readingOf(uri string) reading.Mode {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return reading.Whole
	}
	return reading.Of(filepath.FromSlash(u.Path), kustomize.IsPatch)
}
