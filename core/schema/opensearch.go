package schema

import "fmt"

// openSearchUserConfig is spec.userConfig of the kind OpenSearch (part 1 of
// the specification, "OpenSearch userConfig" and the tables below it). One
// line (or a short block) per member, in the order of the tables; all
// top-level members are optional.
func openSearchUserConfig() *Schema {
	return Obj(Props(
		Opt("additional_backup_regions", Arr(Str(), MaxItems(1),
			Doc("Additional region to replicate backups to. At most one item."))),
		Opt("azure_migration", osAzureMigration()),
		Opt("custom_domain", Str(MaxLen(255),
			Doc("Custom domain name (CNAME) under which the web frontend is served; it must point to the service's DNS name."))),
		Opt("disable_replication_factor_adjustment", Bool(
			Doc("Turns off the automatic adjustment of replication, which by default replicates every index to at least two nodes. Can only be turned on when the project allows it."))),
		Opt("gcs_migration", osGCSMigration()),
		Opt("index_patterns", Arr(osIndexPattern(), MaxItems(512),
			Doc("Glob-style index patterns, each with a maximum number of matching indexes to keep. At most 512 items."))),
		Opt("index_rollup", osIndexRollup()),
		Opt("index_template", osIndexTemplate()),
		Opt("ip_filter", ipFilter()),
		Opt("keep_index_refresh_interval", Bool(
			Doc("When true, the automation that resets `index.refresh_interval` to its default on every index is turned off."))),
		Opt("max_index_count", Int(Min("0"), Deprecated("use `index_patterns`"),
			Doc("Maximum number of indexes to keep. Deprecated: use `index_patterns` instead."))),
		Opt("openid", osOpenID()),
		Opt("opensearch", osEngine()),
		Opt("opensearch_dashboards", osDashboards()),
		Opt("opensearch_version", Str(Enum("1", "2"),
			Doc("Major version of the service: `1` or `2`. Write it quoted (`\"2\"`): unquoted it is a number."))),
		Opt("private_access", osAccess(
			"Private access: clients connect to a component through a DNS name that always resolves to private IP addresses. Only available in certain network locations.",
			"When true, clients may connect to %s through a DNS name that always resolves to its private IP addresses.")),
		Opt("privatelink_access", osAccess(
			"Access to the components through a private link.",
			"When true, %s is reachable through a private link.")),
		Opt("project_to_fork_from", Str(append(forkName(63),
			Doc("Name of a project to fork a service from. Acts only when the service is created and cannot be changed afterwards; a lower-case letter followed by lower-case letters, digits and hyphens, or empty. Max 63 characters."))...)),
		Opt("public_access", osAccess(
			"Public access for services whose nodes are placed in a project network or another private network.",
			"When true, %s accepts connections from the public internet even though the nodes are in a private network.")),
		Opt("recovery_basebackup_name", Str(MaxLen(128),
			Pattern(`^[a-zA-Z0-9-_:.]+$`, "letters, digits, `-`, `_`, `:` and `.`"),
			Doc("Name of the base backup to restore in a forked service."))),
		Opt("s3_migration", osS3Migration()),
		Opt("saml", osSAML()),
		Opt("service_log", Bool(
			Doc("Stores the service's logs so that they can be read through the platform's HTTP API and console."))),
		Opt("service_to_fork_from", Str(append(forkName(64),
			Doc("Name of a service to fork from. Acts only when the service is created and cannot be changed afterwards; a lower-case letter followed by lower-case letters, digits and hyphens, or empty. Max 64 characters."))...)),
		Opt("static_ips", Bool(
			Doc("Uses static public IP addresses."))),
	), Doc("Options of the OpenSearch service. All members are optional."))
}

// osAccess is one of private_access, privatelink_access and public_access:
// three optional booleans, one per component. memberDoc has a %s for the
// component.
func osAccess(doc, memberDoc string) *Schema {
	member := func(what string) *Schema {
		return Bool(Doc(fmt.Sprintf(memberDoc, what)))
	}
	return Obj(Props(
		Opt("opensearch", member("the search engine")),
		Opt("opensearch_dashboards", member("the dashboards component")),
		Opt("prometheus", member("the metrics endpoint")),
	), Doc(doc))
}

// osIndexPattern is an item of index_patterns.
func osIndexPattern() *Schema {
	return Obj(Props(
		Req("max_index_count", Int(Min("0"),
			Doc("Maximum number of matching indexes to keep; creating one more deletes the oldest match. 0 has no effect and the pattern is ignored."))),
		Req("pattern", Str(MaxLen(1024),
			Pattern(`^[A-Za-z0-9-_.*?]+$`, "letters, digits, `-`, `_`, `.`, `*` and `?`"),
			Doc("Glob-style (fnmatch) pattern of index names, for example `logs.?` (which does not match `logs.10`)."))),
		Opt("sorting_algorithm", Str(Enum("alphabetical", "creation_date"),
			Doc("Order used to choose which matching index is deleted."))),
	), Doc("A pattern with the maximum count of matching indexes to keep."))
}

func osIndexRollup() *Schema {
	return Obj(Props(
		Opt("rollup_dashboards_enabled", Bool(Default("true"),
			Doc("Turns on rollups in the dashboards component."))),
		Opt("rollup_enabled", Bool(Default("true"),
			Doc("Turns the rollup plugin on or off."))),
		Opt("rollup_search_backoff_count", Int(Min("1"), Default("5"),
			Doc("Number of retries of a failed rollup job."))),
		Opt("rollup_search_backoff_millis", Int(Min("1"), Default("1000"),
			Doc("Wait between retries of a failed rollup job, in ms."))),
		Opt("rollup_search_search_all_jobs", Bool(Default("false"),
			Doc("When true, a search returns all matching rollup jobs; when false only one."))),
	), Doc("Index rollup settings. All members are optional."))
}

func osIndexTemplate() *Schema {
	return Obj(Props(
		Opt("mapping_nested_objects_limit", Int(Min("0"), Max("100000"), Default("10000"),
			Doc("Maximum number of nested JSON objects a document may hold across all its nested types."))),
		Opt("number_of_replicas", Int(Min("0"), Max("29"),
			Doc("Number of replicas of each primary shard."))),
		Opt("number_of_shards", Int(Min("1"), Max("1024"),
			Doc("Number of primary shards of an index."))),
	), Doc("Template applied to all new indexes. All members are optional."))
}

func osDashboards() *Schema {
	return Obj(Props(
		Opt("enabled", Bool(
			Doc("Turns the dashboards component on or off."))),
		Opt("max_old_space_size", Int(Min("64"), Max("4096"),
			Doc("Memory limit of the dashboards process, in MiB. This memory is taken from what the search engine can use."))),
		Opt("multiple_data_source_enabled", Bool(
			Doc("Allows several data sources in the dashboards component."))),
		Opt("opensearch_request_timeout", Int(Min("5000"), Max("120000"),
			Doc("Timeout of requests from the dashboards component to the search engine, in ms."))),
	), Doc("Settings of the dashboards component. All members are optional."))
}

// Migration objects: all string members are single-line except indices.

func osBasePath() *Schema {
	return Str(Fmt(FormatSingleLine),
		Doc("Path to the repository data inside its container or bucket. Must not start or end with `/`."))
}

func osIndices() *Schema {
	return Str(Doc("Comma-separated list of indexes to restore; multi-index syntax is supported."))
}

func osSnapshotName() *Schema {
	return Str(Fmt(FormatSingleLine), Doc("Name of the snapshot to restore."))
}

func osChunkSize() *Schema {
	return Str(Fmt(FormatSingleLine),
		Doc("Chunk size for big files. Should be the same as the chunk size of the source repository."))
}

func osCompress() *Schema {
	return Bool(Doc("When true, metadata files are stored compressed."))
}

func osIncludeAliases() *Schema {
	return Bool(Default("true"), Doc("Restores the aliases together with their indexes."))
}

func osRestoreGlobalState() *Schema {
	return Bool(Default("false"), Doc("Restores the cluster state too."))
}

func osAzureMigration() *Schema {
	return Obj(Props(
		Req("account", Str(Fmt(FormatSingleLine), Doc("Name of the storage account."))),
		Req("base_path", osBasePath()),
		Req("container", Str(Fmt(FormatSingleLine), Doc("Name of the container that holds the repository."))),
		Req("indices", osIndices()),
		Req("snapshot_name", osSnapshotName()),
		Opt("chunk_size", osChunkSize()),
		Opt("compress", osCompress()),
		Opt("endpoint_suffix", Str(Fmt(FormatSingleLine), Doc("DNS suffix of the storage endpoints."))),
		Opt("include_aliases", osIncludeAliases()),
		Opt("key", Str(Fmt(FormatSingleLine), Secret(),
			Doc("Secret key of the storage account. Give either `key` or `sas_token`."))),
		Opt("restore_global_state", osRestoreGlobalState()),
		Opt("sas_token", Str(Fmt(FormatSingleLine), Secret(),
			Doc("Shared access signature token. Give either `key` or `sas_token`."))),
	), Doc("Migrates data from a snapshot repository in a blob storage container. Give `key` or `sas_token`."))
}

func osGCSMigration() *Schema {
	return Obj(Props(
		Req("base_path", osBasePath()),
		Req("bucket", Str(Fmt(FormatSingleLine), Doc("Name of the bucket that holds the repository."))),
		Req("credentials", Str(Fmt(FormatSingleLine), Secret(), Doc("Content of the credentials file."))),
		Req("indices", osIndices()),
		Req("snapshot_name", osSnapshotName()),
		Opt("chunk_size", osChunkSize()),
		Opt("compress", osCompress()),
		Opt("include_aliases", osIncludeAliases()),
		Opt("restore_global_state", osRestoreGlobalState()),
	), Doc("Migrates data from a snapshot repository in a cloud storage bucket."))
}

func osS3Migration() *Schema {
	return Obj(Props(
		Req("access_key", Str(Fmt(FormatSingleLine), Secret(), Doc("Access key of the object storage."))),
		Req("base_path", osBasePath()),
		Req("bucket", Str(Fmt(FormatSingleLine), Doc("Name of the bucket that holds the repository."))),
		Req("indices", osIndices()),
		Req("region", Str(Fmt(FormatSingleLine), Doc("Region of the bucket."))),
		Req("secret_key", Str(Fmt(FormatSingleLine), Secret(), Doc("Secret key of the object storage."))),
		Req("snapshot_name", osSnapshotName()),
		Opt("chunk_size", osChunkSize()),
		Opt("compress", osCompress()),
		Opt("endpoint", Str(Fmt(FormatSingleLine), Doc("Endpoint of the object storage; set it when a compatible third-party service is used."))),
		Opt("include_aliases", osIncludeAliases()),
		Opt("restore_global_state", osRestoreGlobalState()),
		Opt("server_side_encryption", Bool(Doc("When true, files are encrypted on the server side."))),
	), Doc("Migrates data from a snapshot repository in an object storage bucket."))
}

// osEngine is userConfig.opensearch, the engine settings.
func osEngine() *Schema {
	return Obj(Props(
		Opt("action_auto_create_index_enabled", Bool(Default("true"),
			Doc("Allows or blocks the automatic creation of indexes."))),
		Opt("action_destructive_requires_name", Bool(
			Doc("Requires explicit index names when indexes are deleted."))),
		Opt("auth_failure_listeners", osAuthFailureListeners()),
		Opt("cluster.routing.allocation.balance.prefer_primary", Bool(Default("false"),
			Doc("Spreads primary shards evenly across nodes. Setting it back to false does not redistribute them. One key that contains dots."))),
		Opt("cluster_max_shards_per_node", Int(Min("100"), Max("10000"),
			Doc("Maximum number of shards a node may hold."))),
		Opt("cluster_routing_allocation_node_concurrent_recoveries", Int(Min("2"), Max("16"),
			Doc("Number of shard recoveries a node may run at the same time. Defaults to the node's CPU count times 2."))),
		Opt("email_sender_name", Str(MaxLen(40),
			Pattern(`^[a-zA-Z0-9-_]+$`, "letters, digits, `-` and `_`"),
			Doc("Name of the e-mail sender used by notifications."))),
		Opt("email_sender_password", Str(MaxLen(1024), Fmt(FormatNoControl), Secret(),
			Doc("Password of the e-mail sender. No control characters, at least one character."))),
		Opt("email_sender_username", Str(MaxLen(320), Fmt(FormatNoControl),
			Doc("User name of the e-mail sender. No control characters, at least one character."))),
		Opt("enable_security_audit", Bool(
			Doc("Turns the security audit on or off."))),
		Opt("http_max_content_length", Int(Min("1"), Max("2147483647"),
			Doc("Maximum size of an HTTP request body, in bytes."))),
		Opt("http_max_header_size", Int(Min("1024"), Max("262144"),
			Doc("Maximum size of the HTTP headers, in bytes."))),
		Opt("http_max_initial_line_length", Int(Min("1024"), Max("65536"),
			Doc("Maximum length of the HTTP request line (the URL), in bytes."))),
		Opt("indices_fielddata_cache_size", Int(Min("3"), Max("100"),
			Doc("Relative amount of the heap (percent) used for the field data cache."))),
		Opt("indices_memory_index_buffer_size", Int(Min("3"), Max("40"), Default("10"),
			Doc("Share of the heap used for the indexing buffer, in percent."))),
		Opt("indices_memory_max_index_buffer_size", Int(Min("3"), Max("2048"),
			Doc("Absolute upper limit of the indexing buffer, in MB. Unbounded by default. Needs `indices_memory_index_buffer_size`."))),
		Opt("indices_memory_min_index_buffer_size", Int(Min("3"), Max("2048"), Default("48"),
			Doc("Absolute lower limit of the indexing buffer, in MB (default 48 MB). Needs `indices_memory_index_buffer_size`."))),
		Opt("indices_queries_cache_size", Int(Min("3"), Max("40"), Default("10"),
			Doc("Share of the heap used for the query cache, in percent."))),
		Opt("indices_query_bool_max_clause_count", Int(Min("64"), Max("4096"), Default("1024"),
			Doc("Maximum number of clauses a boolean query may have."))),
		Opt("indices_recovery_max_bytes_per_sec", Int(Min("40"), Max("400"), Default("40"),
			Doc("Limit of the inbound and outbound recovery traffic of each node, in MB per second (default 40 MB)."))),
		Opt("indices_recovery_max_concurrent_file_chunks", Int(Min("2"), Max("5"), Default("2"),
			Doc("Number of file chunks sent in parallel for each recovery."))),
		Opt("ism_enabled", Bool(
			Doc("Turns index state management on or off."))),
		Opt("ism_history_enabled", Bool(
			Doc("Turns the audit history of index state management on or off."))),
		Opt("ism_history_max_age", Int(Min("1"), Max("2147483647"),
			Doc("Age of the history index, in hours, after which it is rolled over."))),
		Opt("ism_history_max_docs", Int(Min("1"),
			Doc("Number of documents in the history index after which it is rolled over."))),
		Opt("ism_history_rollover_check_period", Int(Min("1"), Max("2147483647"),
			Doc("How often the history index is checked for rollover, in hours."))),
		Opt("ism_history_rollover_retention_period", Int(Min("1"), Max("2147483647"),
			Doc("How long history indexes are kept, in days."))),
		Opt("knn_memory_circuit_breaker_enabled", Bool(Default("true"),
			Doc("Turns the memory circuit breaker of k-NN search on or off."))),
		Opt("knn_memory_circuit_breaker_limit", Int(Min("3"), Max("100"), Default("50"),
			Doc("Memory limit of the k-NN circuit breaker, in percent of the heap."))),
		Opt("override_main_response_version", Bool(Default("false"),
			Doc("Reports version 7.10 in the main response so that older clients stay compatible."))),
		Opt("plugins_alerting_filter_by_backend_roles", Bool(Default("false"),
			Doc("Filters alerting results by the user's backend roles. Requires the security plugin."))),
		Opt("reindex_remote_whitelist", Arr(Str(), MaxItems(32), Life(Restarts),
			Doc("Remote hosts that indexes may be copied from. At most 32 items. Changing it restarts all instances."))),
		Opt("script_max_compilations_rate", Str(MaxLen(1024), Fmt(FormatSingleLine), Default("use-context"),
			Doc("Limit on how many scripts may be compiled in a time window."))),
		Opt("search.insights.top_queries", osTopQueries()),
		Opt("search_backpressure", osSearchBackpressure()),
		Opt("search_max_buckets", Int(Min("1"), Max("1000000"),
			Doc("Maximum number of aggregation buckets in one response. The engine's default applies when unset."))),
		Opt("segrep", osSegrep()),
		Opt("shard_indexing_pressure", osShardIndexingPressure()),
		Opt("thread_pool_analyze_size", osPoolSize("analyze")),
		Opt("thread_pool_force_merge_size", osPoolSize("force_merge")),
		Opt("thread_pool_get_size", osPoolSize("get")),
		Opt("thread_pool_search_size", osPoolSize("search")),
		Opt("thread_pool_search_throttled_size", osPoolSize("search_throttled")),
		Opt("thread_pool_write_size", osPoolSize("write")),
		Opt("thread_pool_analyze_queue_size", osPoolQueue("analyze")),
		Opt("thread_pool_get_queue_size", osPoolQueue("get")),
		Opt("thread_pool_search_queue_size", osPoolQueue("search")),
		Opt("thread_pool_search_throttled_queue_size", osPoolQueue("search_throttled")),
		Opt("thread_pool_write_queue_size", osPoolQueue("write")),
	), Doc("Settings of the search engine. All members are optional."))
}

// osPoolSize is thread_pool_<pool>_size.
func osPoolSize(pool string) *Schema {
	return Int(Min("1"), Max("128"),
		Doc("Number of threads of the `"+pool+"` thread pool. A value above the maximum that the CPU count allows is lowered automatically."))
}

// osPoolQueue is thread_pool_<pool>_queue_size (there is none for force_merge).
func osPoolQueue(pool string) *Schema {
	return Int(Min("10"), Max("2000"), Doc("Queue size of the `"+pool+"` thread pool."))
}

func osAuthFailureListeners() *Schema {
	return Obj(Props(
		Opt("internal_authentication_backend_limiting", Obj(Props(
			Opt("allowed_tries", Int(Min("1"), Max("2147483647"),
				Doc("Number of failed sign-in attempts before a user is blocked."))),
			Opt("authentication_backend", Str(Enum("internal"), MaxLen(1024),
				Doc("Authentication backend the limit applies to."))),
			Opt("block_expiry_seconds", Int(Min("0"), Max("2147483647"),
				Doc("How long a user stays blocked, in seconds."))),
			Opt("max_blocked_clients", Int(Min("0"), Max("2147483647"),
				Doc("Maximum number of blocked users."))),
			Opt("max_tracked_clients", Int(Min("0"), Max("2147483647"),
				Doc("Maximum number of IP addresses with failed sign-ins that are tracked."))),
			Opt("time_window_seconds", Int(Min("0"), Max("2147483647"),
				Doc("Time window, in seconds, in which `allowed_tries` is counted."))),
			Opt("type", Str(Enum("username"), MaxLen(1024),
				Doc("What is limited: sign-ins by user name."))),
		), Doc("Limits failed sign-ins against the internal user database."))),
		Opt("ip_rate_limiting", Obj(Props(
			Opt("allowed_tries", Int(Min("1"), Max("2147483647"),
				Doc("Number of failed sign-in attempts from an IP address before it is blocked."))),
			Opt("block_expiry_seconds", Int(Min("0"), Max("36000"),
				Doc("How long an IP address stays blocked, in seconds."))),
			Opt("max_blocked_clients", Int(Min("0"), Max("2147483647"),
				Doc("Maximum number of blocked IP addresses."))),
			Opt("max_tracked_clients", Int(Min("0"), Max("2147483647"),
				Doc("Maximum number of IP addresses that are tracked."))),
			Opt("time_window_seconds", Int(Min("0"), Max("36000"),
				Doc("Time window, in seconds, in which `allowed_tries` is counted."))),
			Opt("type", Str(Enum("ip"), MaxLen(1024),
				Doc("What is limited: sign-ins by IP address."))),
		), Doc("Limits failed sign-ins by IP address."))),
	), Doc("Blocking after failed sign-in attempts. Both members are optional."))
}

func osTopQueries() *Schema {
	metric := func(what string) *Schema {
		return Obj(Props(
			Opt("enabled", Bool(Doc("Turns collecting the top queries by "+what+" on or off."))),
			Opt("top_n_size", Int(Min("1"), Doc("Number of top queries kept."))),
			Opt("window_size", Str(Doc("Time window in which the top queries are collected."))),
		), Doc("Top queries by "+what+"."))
	}
	return Obj(Props(
		Opt("cpu", metric("CPU usage")),
		Opt("latency", metric("latency")),
		Opt("memory", metric("memory usage")),
	), Doc("Collection of the top queries by CPU, latency and memory. One key that contains dots."))
}

func osSearchBackpressure() *Schema {
	return Obj(Props(
		Opt("mode", Str(Enum("disabled", "enforced", "monitor_only"), Default("monitor_only"),
			Doc("`monitor_only` only records tasks that would be cancelled; `enforced` cancels them; `disabled` turns the feature off."))),
		Opt("node_duress", Obj(Props(
			Opt("cpu_threshold", Num(Min("0"), Max("1"), Default("0.9"),
				Doc("CPU usage, as a fraction from 0 to 1, above which a node is under duress."))),
			Opt("heap_threshold", Num(Min("0"), Max("1"), Default("0.7"),
				Doc("Heap usage, as a fraction from 0 to 1, above which a node is under duress."))),
			Opt("num_successive_breaches", Int(Min("1"), Default("3"),
				Doc("Number of successive breaches after which a node is under duress."))),
		), Doc("When a node counts as under duress."))),
		Opt("search_shard_task", osBackpressureTask("search shard tasks",
			"10.0", "0.003", "0.1", "15000", "30000", "100", "0.5", "2.0", "0.5")),
		Opt("search_task", osBackpressureTask("search tasks",
			"5.0", "0.003", "0.1", "30000", "45000", "10", "0.2", "2.0", "0.5")),
	), Doc("Cancellation of resource-intensive searches when a node is under duress. All members are optional."))
}

// osBackpressureTask is search_shard_task or search_task: the same members
// with different defaults, given in the order of the table.
func osBackpressureTask(what string, burst, rate, ratio, cpu, elapsed, window, heapPct, variance, totalHeap string) *Schema {
	return Obj(Props(
		Opt("cancellation_burst", Num(Min("1"), Default(burst),
			Doc("Maximum number of "+what+" cancelled in a burst."))),
		Opt("cancellation_rate", Num(Min("0"), Default(rate),
			Doc("Maximum number of "+what+" cancelled per millisecond."))),
		Opt("cancellation_ratio", Num(Min("0"), Max("1"), Default(ratio),
			Doc("Maximum share (0 to 1) of completed "+what+" that may be cancelled."))),
		Opt("cpu_time_millis_threshold", Int(Min("0"), Default(cpu),
			Doc("CPU time, in ms, above which a task may be cancelled."))),
		Opt("elapsed_time_millis_threshold", Int(Min("0"), Default(elapsed),
			Doc("Elapsed time, in ms, above which a task may be cancelled."))),
		Opt("heap_moving_average_window_size", Int(Min("0"), Default(window),
			Doc("Number of completed tasks over which the rolling average of heap usage is computed."))),
		Opt("heap_percent_threshold", Num(Min("0"), Max("1"), Default(heapPct),
			Doc("Heap usage of one task, as a fraction of the heap (0 to 1), above which it may be cancelled."))),
		Opt("heap_variance", Num(Min("0"), Default(variance),
			Doc("A task is considered for cancellation when its heap usage is at least the rolling average times this factor."))),
		Opt("total_heap_percent_threshold", Num(Min("0"), Max("1"), Default(totalHeap),
			Doc("Heap usage of all "+what+" together, as a fraction of the heap (0 to 1), above which cancellation starts."))),
	), Doc("Cancellation settings for "+what+"."))
}

func osSegrep() *Schema {
	return Obj(Props(
		Opt("pressure.checkpoint.limit", Int(Min("0"), Default("4"),
			Doc("Maximum number of checkpoints a replica may lag behind. One key that contains dots."))),
		Opt("pressure.enabled", Bool(Default("false"),
			Doc("Turns segment replication backpressure on or off. One key that contains dots."))),
		Opt("pressure.replica.stale.limit", Num(Min("0"), Max("1"), Default("0.5"),
			Doc("Share (0 to 1) of stale replicas above which backpressure starts. One key that contains dots."))),
		Opt("pressure.time.limit", Str(Fmt(FormatDuration),
			Doc("Time a replica may lag: an integer and a unit `d`, `h`, `m`, `s`, `ms`, `micros` or `nanos`, blanks allowed between them, for example `5m`. Default 5 minutes. Backpressure starts when both the checkpoint limit and this limit are breached. One key that contains dots."))),
	), Doc("Segment replication backpressure. All members are optional; their names are single keys that contain dots."))
}

func osShardIndexingPressure() *Schema {
	return Obj(Props(
		Opt("enabled", Bool(Default("false"),
			Doc("Turns shard indexing backpressure on or off."))),
		Opt("enforced", Bool(Default("false"),
			Doc("When false (shadow mode) only metrics are recorded and no request is rejected; when true, requests that would degrade performance are rejected."))),
		Opt("operating_factor", Obj(Props(
			Opt("lower", Num(Min("0"), Default("0.75"),
				Doc("Below this share of use, the memory allocated to a shard is lowered."))),
			Opt("optimal", Num(Min("0"), Default("0.85"),
				Doc("At this share of use, the memory allocated to a shard stays the same."))),
			Opt("upper", Num(Min("0"), Default("0.95"),
				Doc("Above this share of use, the memory allocated to a shard is raised."))),
		), Doc("Thresholds that decide when the memory allocated to a shard changes."))),
		Opt("primary_parameter", Obj(Props(
			Opt("node", Obj(Props(
				Req("soft_limit", Num(Min("0"), Default("0.7"),
					Doc("Soft limit of the node's indexing memory. Required inside `node`."))),
			), Doc("Node-level parameter. Its member `soft_limit` is required."))),
			Opt("shard", Obj(Props(
				Req("min_limit", Num(Min("0"), Default("0.001"),
					Doc("Minimum memory quota of a new shard. Required inside `shard`."))),
			), Doc("Shard-level parameter. Its member `min_limit` is required."))),
		), Doc("Parameters of primary shards."))),
	), Doc("Backpressure of indexing on each shard. All members are optional."))
}

// osOpenID is userConfig.openid; its strings are single-line.
func osOpenID() *Schema {
	str := func(doc string) *Schema {
		return Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine), Doc(doc))
	}
	return Obj(Props(
		Req("client_id", str("Client ID at the identity provider.")),
		Req("client_secret", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine), Secret(),
			Doc("Client secret at the identity provider."))),
		Req("connect_url", Str(MaxLen(2048), Fmt(FormatSingleLine),
			Doc("URL of the identity provider's OpenID Connect metadata."))),
		Req("enabled", Bool(Doc("Turns OpenID Connect authentication on or off."))),
		Opt("header", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine), Default("Authorization"),
			Doc("Name of the HTTP header that carries the JWT."))),
		Opt("jwt_header", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine), Default("Authorization"),
			Doc("Name of the HTTP header that stores the token."))),
		Opt("jwt_url_parameter", str("Name of the URL parameter that carries the token when it is not sent in a header.")),
		Opt("refresh_rate_limit_count", Int(Min("10"), Default("10"),
			Doc("Maximum number of unknown key IDs accepted in one time frame."))),
		Opt("refresh_rate_limit_time_window_ms", Int(Min("10000"), Default("10000"),
			Doc("Length of the time frame for `refresh_rate_limit_count`, in ms."))),
		Opt("roles_key", str("JSON key that holds a comma-separated list of roles. Needed only to use roles from the JWT.")),
		Opt("scope", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine), Default("openid profile email address phone"),
			Doc("Scope of the identity token requested from the provider."))),
		Opt("subject_key", str("JSON key that holds the user name. When unset, the subject claim is used.")),
	), Doc("Sign-in through OpenID Connect. `client_id`, `client_secret`, `connect_url` and `enabled` are required."))
}

// osSAML is userConfig.saml; its strings are single-line except the PEM
// content, which is multi-line by nature.
func osSAML() *Schema {
	return Obj(Props(
		Req("enabled", Bool(Doc("Turns SAML authentication on or off."))),
		Req("idp_entity_id", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine),
			Doc("Entity ID of the identity provider."))),
		Req("idp_metadata_url", Str(MinLen(1), MaxLen(2048), Fmt(FormatSingleLine),
			Doc("URL of the identity provider's metadata."))),
		Req("sp_entity_id", Str(MinLen(1), MaxLen(1024), Fmt(FormatSingleLine),
			Doc("Entity ID of the service provider."))),
		Opt("idp_pemtrustedcas_content", Str(MaxLen(16384),
			Doc("PEM content of the root CA used to verify the identity provider's TLS certificate."))),
		Opt("roles_key", Str(MinLen(1), MaxLen(256), Fmt(FormatSingleLine),
			Doc("Attribute that holds the roles."))),
		Opt("subject_key", Str(MinLen(1), MaxLen(256), Fmt(FormatSingleLine),
			Doc("Attribute that holds the subject. Defaults to the NameID attribute."))),
	), Doc("Sign-in through SAML. `enabled`, `idp_entity_id`, `idp_metadata_url` and `sp_entity_id` are required."))
}
