package lsp

import (
	"net/url"
	"path/filepath"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/helm"
	"github.com/mdscheck/mdscheck/internal/kustomize"
)

// reading is how an open file is read, as mdscheck validate reads it: a
// Helm chart's template with its actions masked, a patch a kustomization
// lists as a part of a resource.
type reading struct {
	template, patch bool
}

// readingOf looks at where the file of uri is on disk: under a chart's
// templates, or listed by the kustomization beside it. A file that is not
// on disk (untitled, another scheme) is a manifest.
func readingOf(uri string) reading {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return reading{}
	}
	path := filepath.FromSlash(u.Path)
	if helm.IsTemplate(path) {
		return reading{template: true}
	}
	return reading{patch: kustomize.IsPatch(path)}
}

// text returns what is checked, completed and hovered of src: src, or a
// template with its actions masked (as long as src, so every position
// agrees).
func (r reading) text(src string) string {
	if r.template {
		return helm.Mask(src)
	}
	return src
}

// options returns opts for a file read this way.
func (r reading) options(opts check.Options) check.Options {
	opts.Template, opts.Partial = r.template, r.patch
	return opts
}
