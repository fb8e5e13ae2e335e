package schema

// This file holds spec.userConfig of the kind Kafka, as in part 3 of the
// specification: one line (or a short block) per member, in the order of
// the specification's tables.

// kafkaUserConfig is spec.userConfig of the kind.
func kafkaUserConfig() *Schema {
	return Obj(Props(
		Opt("additional_backup_regions", Arr(Str(), MaxItems(1), Deprecated("no replacement; leave it out"),
			Doc("Additional region to replicate backups to."))),
		Opt("aiven_kafka_topic_messages", Bool(Doc("Allow reading topic messages in the console and through the REST API."))),
		Opt("custom_domain", Str(MaxLen(255), Doc("A custom domain name (CNAME) under which the service is served."))),
		Opt("follower_fetching", Obj(Props(
			Req("enabled", Bool(Doc("Switches follower fetching on or off."))),
		), Doc("Follower fetching: consumers may read from a replica other than the partition leader. `enabled` is required."))),
		Opt("ip_filter", ipFilter()),
		Opt("kafka", kafkaBroker()),
		Opt("kafka_authentication_methods", Obj(Props(
			Opt("certificate", Bool(Doc("Enable certificate (SSL) authentication of clients."))),
			Opt("sasl", Bool(Doc("Enable SASL authentication of clients."))),
		), Doc("Which ways clients may authenticate to the broker."))),
		Opt("kafka_connect", Bool(Doc("Enable the Connect component. Its host and port then appear in the connection Secret."))),
		Opt("kafka_connect_config", kafkaConnectConfig()),
		Opt("kafka_connect_secret_providers", Arr(kafkaSecretProvider(),
			Doc("External secret providers that connector configuration can take secrets from."))),
		Opt("kafka_rest", Bool(Doc("Enable the REST proxy. Its host and port then appear in the connection Secret."))),
		Opt("kafka_rest_authorization", Bool(Doc("Enable authorization of requests in the REST proxy."))),
		Opt("kafka_rest_config", kafkaRestConfig()),
		Opt("kafka_sasl_mechanisms", Obj(Props(
			Opt("plain", Bool(Doc("Enable the PLAIN mechanism."))),
			Opt("scram_sha_256", Bool(Doc("Enable the SCRAM-SHA-256 mechanism."))),
			Opt("scram_sha_512", Bool(Doc("Enable the SCRAM-SHA-512 mechanism."))),
		), Doc("Which SASL mechanisms clients may use."))),
		Opt("kafka_version", Str(Enum("3.7", "3.8"), Doc("Major version of the service. Write it quoted (`\"3.8\"`): unquoted it is a number."))),
		Opt("letsencrypt_sasl_privatelink", Bool(Doc("Use a certificate from a public certificate authority for SASL over private link."))),
		Opt("private_access", kafkaAccess("true: clients connect to the component by a DNS name that always resolves to private IP addresses. Only in certain network locations.",
			"Connect to components by private DNS names.",
			"kafka", "kafka_connect", "kafka_rest", "prometheus", "schema_registry")),
		Opt("privatelink_access", kafkaAccess("true: the component can be reached through a private link.",
			"Reach components through a private link.",
			"jolokia", "kafka", "kafka_connect", "kafka_rest", "prometheus", "schema_registry")),
		Opt("public_access", kafkaAccess("true: connections from the public internet are allowed for nodes in a project network or other private network.",
			"Allow connections from the public internet to components of a service in a private network.",
			"kafka", "kafka_connect", "kafka_rest", "prometheus", "schema_registry")),
		Opt("schema_registry", Bool(Doc("Enable the schema registry. Its host and port then appear in the connection Secret."))),
		Opt("schema_registry_config", kafkaSchemaRegistryConfig()),
		Opt("service_log", Bool(Doc("Store the service's logs."))),
		Opt("single_zone", Obj(Props(
			Req("enabled", Bool(Doc("true: allocate all nodes in one availability zone."))),
		), Doc("Allocate all nodes in one availability zone instead of spreading them. Best effort: nodes may temporarily be placed in other zones. `enabled` is required."))),
		Opt("static_ips", Bool(Doc("Use static public IP addresses."))),
		Opt("tiered_storage", Obj(Props(
			Opt("enabled", Bool(Doc("Enable tiered storage."))),
			Opt("local_cache", Obj(Props(
				Req("size", Int(Min("1"), Max("107374182400"), Deprecated("leave `local_cache` out"),
					Doc("Size of the local cache, in bytes."))),
			), Deprecated("no replacement; leave it out"), Doc("Local cache of tiered storage. `size` is required."))),
		), Doc("Tiered storage settings."))),
	), Doc("Options of the Kafka service. All members are optional."))
}

// kafkaAccess is one of the access objects (private_access,
// privatelink_access, public_access): optional booleans, one a component.
func kafkaAccess(meaning, doc string, names ...string) *Schema {
	props := make([]*Property, len(names))
	for i, n := range names {
		props[i] = Opt(n, Bool(Doc("For `"+n+"`. "+meaning)))
	}
	return Obj(props, Doc(doc+" One boolean per component."))
}

// kafkaBroker is userConfig.kafka, the broker settings.
func kafkaBroker() *Schema {
	return Obj(Props(
		Opt("auto_create_topics_enable", Bool(Default("true"), Doc("Create a topic automatically when a client refers to one that does not exist."))),
		Opt("compression_type", Str(Enum("gzip", "lz4", "producer", "snappy", "uncompressed", "zstd"), Default("producer"),
			Doc("Compression codec of topics. `producer` keeps the codec the producer used; `uncompressed` stores messages uncompressed."))),
		Opt("connections_max_idle_ms", Int(Min("1000"), Max("3600000"), Default("600000"), Doc("Idle time in ms after which a connection is closed."))),
		Opt("default_replication_factor", Int(Min("1"), Max("10"), Default("3"), Doc("Replication factor of automatically created topics."))),
		Opt("group_initial_rebalance_delay_ms", Int(Min("0"), Max("300000"), Default("3000"),
			Doc("Time in ms the group coordinator waits for more consumers to join a new group before the first rebalance."))),
		Opt("group_max_session_timeout_ms", Int(Min("0"), Max("1800000"), Default("1800000"), Doc("Largest session timeout in ms that registered consumers may use."))),
		Opt("group_min_session_timeout_ms", Int(Min("0"), Max("60000"), Default("6000"), Doc("Smallest session timeout in ms that registered consumers may use."))),
		Opt("log_cleaner_delete_retention_ms", Int(Min("0"), Max("315569260000"), Default("86400000"), Doc("How long delete markers (tombstones) are kept, in ms."))),
		Opt("log_cleaner_max_compaction_lag_ms", Int(Min("30000"), Default("9223372036854775807"), Doc("Longest time in ms a message stays ineligible for compaction."))),
		Opt("log_cleaner_min_cleanable_ratio", Num(Min("0.2"), Max("0.9"), Default("0.5"), Doc("Least ratio of uncompacted log to total log that makes the cleaner compact a log."))),
		Opt("log_cleaner_min_compaction_lag_ms", Int(Min("0"), Default("0"), Doc("Shortest time in ms a message stays uncompacted."))),
		Opt("log_cleanup_policy", Str(Enum("compact", "compact,delete", "delete"), Default("delete"), Doc("What happens to old log segments: deleted, compacted, or both."))),
		Opt("log_flush_interval_messages", Int(Min("1"), Default("9223372036854775807"), Doc("Number of messages accumulated on a partition before they are flushed to disk."))),
		Opt("log_flush_interval_ms", Int(Min("0"),
			Doc("Longest time in ms a message stays in memory before it is flushed to disk. Unset by default: the flush scheduler's interval applies."))),
		Opt("log_index_interval_bytes", Int(Min("0"), Max("104857600"), Default("4096"), Doc("Interval in bytes at which an entry is added to the offset index."))),
		Opt("log_index_size_max_bytes", Int(Min("1048576"), Max("104857600"), Default("10485760"), Doc("Largest size of the offset index, in bytes."))),
		Opt("log_local_retention_bytes", Int(Min("-2"), Default("-2"),
			Doc("Largest size in bytes of local log segments kept before they become eligible for deletion. -2 means the value of `log_retention_bytes`; the effective value must not exceed it."))),
		Opt("log_local_retention_ms", Int(Min("-2"), Default("-2"),
			Doc("Time in ms local log segments are kept before they become eligible for deletion. -2 means the value of `log_retention_ms`; the effective value must not exceed it."))),
		Opt("log_message_downconversion_enable", Bool(Default("true"), Doc("Allow down-conversion of message formats to serve consume requests."))),
		Opt("log_message_timestamp_difference_max_ms", Int(Min("0"), Default("9223372036854775807"),
			Doc("Largest difference in ms allowed between a message's own timestamp and the time the broker receives it."))),
		Opt("log_message_timestamp_type", Str(Enum("CreateTime", "LogAppendTime"), Default("CreateTime"),
			Doc("Whether a message's timestamp is its creation time or the time it is appended to the log."))),
		Opt("log_preallocate", Bool(Default("false"), Doc("Pre-allocate the file when a new log segment is created."))),
		Opt("log_retention_bytes", Int(Min("-1"), Default("-1"), Doc("Largest size in bytes of a log before old segments are deleted. -1 means no size limit."))),
		Opt("log_retention_hours", Int(Min("-1"), Max("2147483647"), Default("168"), Doc("Hours a log segment is kept before it is deleted."))),
		Opt("log_retention_ms", Int(Min("-1"),
			Doc("Time in ms a log segment is kept before it is deleted. -1 means no time limit. Unset by default: `log_retention_hours` applies."))),
		Opt("log_roll_jitter_ms", Int(Min("0"), Doc("Largest random jitter in ms subtracted from the segment roll time. Unset by default."))),
		Opt("log_roll_ms", Int(Min("1"), Doc("Longest time in ms before a new log segment is rolled out. Unset by default: 168 hours apply."))),
		Opt("log_segment_bytes", Int(Min("10485760"), Max("1073741824"), Default("1073741824"), Doc("Largest size of one log segment file, in bytes."))),
		Opt("log_segment_delete_delay_ms", Int(Min("0"), Max("3600000"), Default("60000"), Doc("Time in ms to wait before a segment file is deleted from disk."))),
		Opt("max_connections_per_ip", Int(Min("256"), Max("2147483647"), Default("2147483647"), Doc("Largest number of connections allowed from one IP address."))),
		Opt("max_incremental_fetch_session_cache_slots", Int(Min("1000"), Max("10000"), Default("1000"), Doc("Largest number of incremental fetch sessions kept."))),
		Opt("message_max_bytes", Int(Min("0"), Max("100001200"), Default("1048588"), Doc("Largest record batch size the broker accepts, in bytes."))),
		Opt("min_insync_replicas", Int(Min("1"), Max("7"), Default("1"),
			Doc("Number of replicas that must acknowledge a write when the producer sets acks to `all` or `-1`."))),
		Opt("num_partitions", Int(Min("1"), Max("1000"), Default("1"), Doc("Number of partitions of automatically created topics."))),
		Opt("offsets_retention_minutes", Int(Min("1"), Max("2147483647"), Default("10080"), Doc("Minutes committed offsets of a consumer group are kept."))),
		Opt("producer_purgatory_purge_interval_requests", Int(Min("10"), Max("10000"), Default("1000"), Doc("Number of requests after which the producer request purgatory is purged."))),
		Opt("replica_fetch_max_bytes", Int(Min("1048576"), Max("104857600"), Default("1048576"),
			Doc("Bytes fetched per partition by a replica in one request. Not an absolute maximum."))),
		Opt("replica_fetch_response_max_bytes", Int(Min("10485760"), Max("1048576000"), Default("10485760"),
			Doc("Bytes expected for a whole fetch response of a replica. Not an absolute maximum."))),
		Opt("sasl_oauthbearer_expected_audience", Str(Fmt(FormatSingleLine), MaxLen(128),
			Doc("Comma-separated audiences the broker expects in OAuth2 tokens. Unset by default."))),
		Opt("sasl_oauthbearer_expected_issuer", Str(Fmt(FormatSingleLine), MaxLen(128), Doc("Issuer the broker expects in OAuth2 tokens. Unset by default."))),
		Opt("sasl_oauthbearer_jwks_endpoint_url", Str(MaxLen(2048),
			Doc("URL of the JSON Web Key Set used to verify OAuth2 tokens. Setting it enables SASL OAuth2/OIDC authentication. Unset by default."))),
		Opt("sasl_oauthbearer_sub_claim_name", Str(Fmt(FormatNonBlankLine), MaxLen(128), Default("sub"), Doc("Name of the token claim that holds the subject."))),
		Opt("socket_request_max_bytes", Int(Min("10485760"), Max("209715200"), Default("104857600"), Doc("Largest request the socket server accepts, in bytes."))),
		Opt("transaction_partition_verification_enable", Bool(Default("true"),
			Doc("Verify that a partition was added to the transaction before transactional records are written to it."))),
		Opt("transaction_remove_expired_transaction_cleanup_interval_ms", Int(Min("600000"), Max("3600000"), Default("3600000"),
			Doc("Interval in ms at which expired transactions are removed."))),
		Opt("transaction_state_log_segment_bytes", Int(Min("1048576"), Max("2147483647"), Default("104857600"),
			Doc("Segment size of the transaction topic, in bytes."))),
	), Doc("Broker settings."))
}

// kafkaConnectConfig is userConfig.kafka_connect_config.
func kafkaConnectConfig() *Schema {
	return Obj(Props(
		Opt("connector_client_config_override_policy", Str(Enum("All", "None"), Default("None"),
			Doc("Whether connectors may override the client settings of their producers and consumers."))),
		Opt("consumer_auto_offset_reset", Str(Enum("earliest", "latest"), Default("earliest"),
			Doc("Where a consumer starts when it has no committed offset or its offset no longer exists."))),
		Opt("consumer_fetch_max_bytes", Int(Min("1048576"), Max("104857600"), Doc("Bytes a consumer fetches in one request. Not an absolute maximum."))),
		Opt("consumer_isolation_level", Str(Enum("read_committed", "read_uncommitted"), Default("read_uncommitted"),
			Doc("Whether consumers read only committed transactional messages or all messages."))),
		Opt("consumer_max_partition_fetch_bytes", Int(Min("1048576"), Max("104857600"), Doc("Bytes a consumer fetches per partition in one request."))),
		Opt("consumer_max_poll_interval_ms", Int(Min("1"), Max("2147483647"), Default("300000"), Doc("Longest time in ms between two polls of a consumer."))),
		Opt("consumer_max_poll_records", Int(Min("1"), Max("10000"), Default("500"), Doc("Largest number of records one poll returns."))),
		Opt("offset_flush_interval_ms", Int(Min("1"), Max("100000000"), Default("60000"), Doc("Interval in ms at which task offsets are committed."))),
		Opt("offset_flush_timeout_ms", Int(Min("1"), Max("2147483647"), Default("5000"), Doc("Time in ms to wait for offsets to be flushed before the attempt is cancelled."))),
		Opt("producer_batch_size", Int(Min("0"), Max("5242880"), Default("16384"), Doc("Size of a producer batch, in bytes. 0 disables batching."))),
		Opt("producer_buffer_memory", Int(Min("5242880"), Max("134217728"), Default("33554432"), Doc("Memory in bytes a producer may use to buffer records."))),
		Opt("producer_compression_type", Str(Enum("gzip", "lz4", "none", "snappy", "zstd"), Default("none"), Doc("Compression codec of the producers' data."))),
		Opt("producer_linger_ms", Int(Min("0"), Max("5000"), Default("0"), Doc("Time in ms a producer waits for more records to batch them."))),
		Opt("producer_max_request_size", Int(Min("131072"), Max("67108864"), Doc("Largest size of a producer request, in bytes."))),
		Opt("scheduled_rebalance_max_delay_ms", Int(Min("0"), Max("600000"),
			Doc("Longest time in ms to wait for departed workers to return before their work is rebalanced. Default 5 minutes."))),
		Opt("session_timeout_ms", Int(Min("1"), Max("2147483647"), Default("10000"), Doc("Timeout in ms after which a silent worker is considered failed."))),
	), Doc("Settings of the Connect component."))
}

// kafkaSecretProvider is an item of userConfig.kafka_connect_secret_providers.
func kafkaSecretProvider() *Schema {
	return Obj(Props(
		Req("name", Str(Doc("Name of the provider; connector configuration refers to secrets by it."))),
		Opt("aws", Obj(Props(
			Req("auth_method", Str(Enum("credentials"), Doc("How to authenticate to the cloud secrets manager."))),
			Req("region", Str(MaxLen(64), Doc("Region of the cloud secrets manager."))),
			Opt("access_key", Str(MaxLen(128), Secret(), Doc("Access key for the cloud secrets manager."))),
			Opt("secret_key", Str(MaxLen(128), Secret(), Doc("Secret key for the cloud secrets manager."))),
		), Doc("A cloud secrets manager as provider."))),
		Opt("vault", Obj(Props(
			Req("address", Str(MinLen(1), MaxLen(65536), Doc("Address of the secrets vault."))),
			Req("auth_method", Str(Enum("token"), Doc("How to authenticate to the secrets vault."))),
			Opt("engine_version", Int(Enum("1", "2"), Doc("Version of the secrets engine."))),
			Opt("prefix_path_depth", Int(Default("1"), Doc("Number of path segments of the secrets engine path, when it has more than one."))),
			Opt("token", Str(MaxLen(256), Secret(), Doc("Token for the secrets vault."))),
		), Doc("A secrets vault as provider."))),
	), Doc("An external secret provider."))
}

// kafkaRestConfig is userConfig.kafka_rest_config.
func kafkaRestConfig() *Schema {
	return Obj(Props(
		Opt("consumer_enable_auto_commit", Bool(Doc("Commit consumer offsets periodically in the background."))),
		Opt("consumer_request_max_bytes", Int(Min("0"), Max("671088640"), Doc("Largest number of bytes of unencoded keys and values in one request."))),
		Opt("consumer_request_timeout_ms", Int(Enum("1000", "15000", "30000"), Min("1000"), Max("30000"),
			Doc("Longest total time in ms to wait for messages for a request."))),
		Opt("name_strategy", Str(Enum("record_name", "topic_name", "topic_record_name"), Doc("How the subject under which a schema is registered is chosen."))),
		Opt("name_strategy_validation", Bool(Doc("Check that the schema is registered under the subject the name strategy expects."))),
		Opt("producer_acks", Str(Enum("-1", "0", "1", "all"),
			Doc("Acknowledgements the producer waits for. `all` and `-1` wait for all in-sync replicas. A string: write `\"1\"`, not `1`."))),
		Opt("producer_compression_type", Str(Enum("gzip", "lz4", "none", "snappy", "zstd"), Default("none"), Doc("Compression codec of the producer's data."))),
		Opt("producer_linger_ms", Int(Min("0"), Max("5000"), Doc("Time in ms the producer waits to batch records."))),
		Opt("producer_max_request_size", Int(Min("0"), Max("2147483647"), Doc("Largest size of a producer request, in bytes. The broker may cap the batch size too."))),
		Opt("simpleconsumer_pool_size_max", Int(Min("10"), Max("250"), Doc("Largest number of simple consumers per broker."))),
	), Doc("Settings of the REST proxy."))
}

// kafkaSchemaRegistryConfig is userConfig.schema_registry_config.
func kafkaSchemaRegistryConfig() *Schema {
	return Obj(Props(
		Opt("leader_eligibility", Bool(Default("true"),
			Doc("When false, the schema registry of this service cannot take part in leader election, for example on a secondary cluster."))),
		Opt("retriable_errors_silenced", Bool(Default("true"), Doc("When true, retriable errors are logged as warnings instead of being raised."))),
		Opt("schema_reader_strict_mode", Bool(Default("false"), Doc("When true, the schema registry shuts down on invalid schema records in its topic."))),
		Opt("topic_name", Str(MinLen(1), MaxLen(249), Default("_schemas"),
			Doc("Single-partition compacted topic that holds the schemas. Changing it on an existing setup makes earlier schemas inaccessible and breaks the schema ID sequence; change it only while the schema registry is disabled."))),
	), Doc("Settings of the schema registry."))
}
