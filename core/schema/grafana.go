package schema

// grafanaUserConfig is spec.userConfig of the kind. Until its members are
// written down it is accepted unchecked.
func grafanaUserConfig() *Schema {
	return Free(Doc("Kind-specific options."))
}
