// Package reading says how the text of a file is read for checking, as
// mdscheck validate and the language server agree: a manifest as it is, a
// patch that a kustomization lists as part of a resource, or a Helm
// chart's template with its actions masked.
package reading

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/helm"
)

// Mode is how a file's text is read.
type Mode int

const (
	Whole    Mode = iota // a manifest
	Patch                // a patch a kustomization lists: members it leaves out are not missing
	Template             // a Helm chart's template: its actions are masked
)

// Of returns how the file at path is read. isPatch reports whether a
// kustomization lists the file as a patch; it is asked only of a file
// that is no template.
func Of(path string, isPatch func(path string) bool) Mode {
	switch {
	case helm.IsTemplate(path):
		return Template
	case isPatch(path):
		return Patch
	}
	return Whole
}

// Text returns what is checked, completed and hovered of src: src itself,
// or a template's text with its actions masked (as long as src, so every
// position agrees).
func (m Mode) Text(src string) string {
	if m == Template {
		return helm.Mask(src)
	}
	return src
}

// Options returns opts for a text read this way.
func (m Mode) Options(opts check.Options) check.Options {
	opts.Partial = m == Patch
	opts.Template = m == Template
	return opts
}
