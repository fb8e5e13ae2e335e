package schema

// kafkaUserConfig is spec.userConfig of the kind. Until its members are
// written down it is accepted unchecked.
func kafkaUserConfig() *Schema {
	return Free(Doc("Kind-specific options."))
}
