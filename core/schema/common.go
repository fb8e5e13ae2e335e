package schema

// This file holds what all kinds share: the envelope, metadata, the common
// spec fields of part 1 of the specification, and the ip_filter item.

func manifest(kind string, spec *Schema) *Schema {
	return Obj(Props(
		Req("apiVersion", Str(Enum(APIVersion), Doc("The API group and version of the resource. Always `"+APIVersion+"`."))),
		Req("kind", Str(Enum(kind), Doc("The kind of resource: `OpenSearch`, `Grafana` or `Kafka`."))),
		Req("metadata", metadata()),
		Req("spec", spec),
		Opt("status", Free(Doc("Written by the service; not checked."))),
	), Doc("A "+kind+" resource."))
}

func metadata() *Schema {
	return Obj(Props(
		Req("name", Str(Doc("Name of the resource, unique in its namespace. Also the default name of the connection Secret."))),
		Opt("namespace", Str(Doc("Namespace of the resource."))),
		Opt("labels", Map(Doc("Labels: string keys and string values."))),
		Opt("annotations", Map(Doc("Annotations: string keys and string values."))),
		Opt("generateName", Str(Doc("Prefix for a name the server generates."))),
		Opt("finalizers", Arr(Str(), Doc("Finalizers, maintained by controllers."))),
		Opt("ownerReferences", Arr(Free(), Doc("Owners of this object, maintained by controllers."))),
		// Members the server writes; manifests read back from a cluster carry them.
		Opt("uid", Str(Doc("Written by the server."))),
		Opt("resourceVersion", Str(Doc("Written by the server."))),
		Opt("generation", Int(Doc("Written by the server."))),
		Opt("creationTimestamp", Str(Doc("Written by the server."))),
		Opt("deletionTimestamp", Str(Doc("Written by the server."))),
		Opt("deletionGracePeriodSeconds", Int(Doc("Written by the server."))),
		Opt("managedFields", Arr(Free(), Doc("Written by the server."))),
		Opt("selfLink", Str(Doc("Written by the server."))),
	), Doc("Identifies the object: `name` is required, `namespace` optional."))
}

// forkName is the fork-name pattern of part 1.
func forkName(max int) []Option {
	return []Option{
		Pattern(`^[a-z][-a-z0-9]{0,63}$|^$`, "a lower-case letter followed by up to 63 lower-case letters, digits and hyphens, or empty"),
		MaxLen(max),
		Life(Immutable | CreateOnly),
	}
}

// ipFilter is userConfig.ip_filter, the same in all kinds.
func ipFilter() *Schema {
	return Arr(Obj(Props(
		Req("network", Str(MaxLen(43), Fmt(FormatCIDR), Doc("Address block allowed to connect, as `address/prefix_length`, for example `10.20.0.0/16`."))),
		Opt("description", Str(MaxLen(1024), Doc("What the block is for."))),
	)), MaxItems(1024), Doc("Address blocks (CIDR) allowed to connect to the service."))
}

func commonSpec(kind string, userConfig *Schema) *Schema {
	return Obj(Props(
		Req("plan", Str(MaxLen(128), Doc("Subscription plan, for example `startup-4` or `business-8`."))),
		Req("project", Str(MaxLen(63), Pattern(`^[a-zA-Z0-9_-]+$`, "letters, digits, `_` and `-`"), Life(Immutable),
			Doc("The project the service belongs to."))),
		Opt("authSecretRef", Obj(Props(
			Opt("name", Str(Doc("Name of the Secret that holds the API token."))),
			Opt("key", Str(Doc("Key in that Secret whose value is the API token."))),
		), Doc("The Secret holding the API token the resource authenticates with. It must exist before the resource is created."))),
		Opt("cloudName", Str(MaxLen(256), Doc("Cloud and region the service runs in, for example `google-europe-west1`."))),
		Opt("connInfoSecretTarget", Obj(Props(
			Req("name", Str(Life(Immutable), Doc("Name of the connection Secret to create. Defaults to the resource name."))),
			Opt("annotations", Map(Doc("Annotations added to the connection Secret."))),
			Opt("labels", Map(Doc("Labels added to the connection Secret."))),
			Opt("prefix", Str(Doc("Prefix of the Secret's keys, used as written. Defaults to the kind in upper case and `_`."))),
		), Doc("Where and how the connection Secret is written."))),
		Opt("connInfoSecretTargetDisabled", Bool(Default("false"), Life(Immutable),
			Doc("When true, no connection Secret is created. Cannot be changed after creation."))),
		Opt("disk_space", Str(Fmt(FormatDiskSpace),
			Doc("Disk size: a positive integer without leading zero, optionally followed by `GiB` or `G` (any case). Allowed values depend on service type, cloud and project. Reducing it re-balances the data; removing the field keeps the current size."))),
		Opt("maintenanceWindowDow", Str(Enum("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
			Doc("Day of the week of the maintenance window."))),
		Opt("maintenanceWindowTime", Str(MaxLen(8), Fmt(FormatTime), Doc("Start of the maintenance window, UTC, as `HH:mm:ss`."))),
		Opt("projectVPCRef", Obj(Props(
			Req("name", Str(MinLen(1), Doc("Name of the project network resource."))),
			Opt("namespace", Str(MinLen(1), Doc("Namespace of the project network resource."))),
		), Doc("A project network resource whose ID becomes `projectVpcId`. Do not set both."))),
		Opt("projectVpcId", Str(MaxLen(36), Doc("ID of the network the service is placed in. Do not set together with `projectVPCRef`."))),
		Opt("serviceIntegrations", Arr(Obj(Props(
			Req("integrationType", Str(Enum("read_replica"), Doc("Kind of integration."))),
			Req("sourceServiceName", Str(MinLen(1), MaxLen(64), Doc("Name of the service to integrate with."))),
		)), MaxItems(1), Life(Immutable|CreateOnly),
			Doc("Integrations applied when the service is first created. Cannot be changed afterwards."))),
		Opt("tags", Map(Doc("Tags that categorise the service: string keys and string values."))),
		Opt("technicalEmails", Arr(Obj(Props(
			Req("email", Str(Fmt(FormatEmail), Doc("An e-mail address."))),
		)), MaxItems(10), Doc("Who is told about upcoming maintenance and service instability."))),
		Opt("terminationProtection", Bool(Doc("When true, the service cannot be deleted."))),
		Opt("userConfig", userConfig),
	), Doc("Desired state of the "+kind+" service."))
}

// kafkaSpec holds the spec members only Kafka has.
func kafkaSpec() []*Property {
	return Props(
		Opt("karapace", Bool(Doc("Use the alternative implementation for schema registry and REST proxy."))),
	)
}
