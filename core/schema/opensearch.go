package schema

// openSearchUserConfig is spec.userConfig of the kind. Until its members are
// written down it is accepted unchecked.
func openSearchUserConfig() *Schema {
	return Free(Doc("Kind-specific options."))
}
