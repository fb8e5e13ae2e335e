package schema

// grafanaUserConfig is spec.userConfig of the kind Grafana (document 2 of
// the specification). Members follow the order of its tables; all
// top-level members are optional.
func grafanaUserConfig() *Schema {
	return Obj(Props(
		Opt("additional_backup_regions", Arr(Str(), MaxItems(1),
			Doc("Additional region to replicate backups to. At most one item."))),
		Opt("alerting_enabled", Bool(Deprecated("it has no effect from version 11 on; use `unified_alerting_enabled`"),
			Doc("Turns on legacy alerting. Should not be enabled together with `unified_alerting_enabled`; to stay on legacy alerting set that one to false."))),
		Opt("alerting_error_or_timeout", Str(Enum("alerting", "keep_state"),
			Doc("State given to new alert rules when evaluation fails or times out."))),
		Opt("alerting_max_annotations_to_keep", Int(Min("0"), Max("1000000"), Default("0"),
			Doc("Maximum number of alert annotations kept (a count). 0 keeps all of them."))),
		Opt("alerting_nodata_or_nullvalues", Str(Enum("alerting", "keep_state", "no_data", "ok"),
			Doc("State given to new alert rules when the query returns no data or only null values."))),
		Opt("allow_embedding", Bool(Default("false"),
			Doc("Allows dashboards to be embedded in frames of other pages. Off by default because embedding exposes users to clickjacking."))),
		Opt("auth_azuread", grafanaAuthAzureAD()),
		Opt("auth_generic_oauth", grafanaAuthGenericOAuth()),
		Opt("auth_github", grafanaAuthGithub()),
		Opt("auth_gitlab", grafanaAuthGitlab()),
		Opt("auth_google", grafanaAuthGoogle()),
		Opt("auth_basic_enabled", Bool(
			Doc("Turns on the basic authentication form of the built-in login."))),
		Opt("cookie_samesite", Str(Enum("lax", "none", "strict"), Default("lax"),
			Doc("SameSite attribute of the session cookie. `strict` withholds the cookie on cross-site requests, so direct links from other sites do not arrive signed in."))),
		Opt("custom_domain", Str(MaxLen(255),
			Doc("Custom domain name (CNAME) under which the web frontend is served; it must point to the service's DNS name."))),
		Opt("dashboard_previews_enabled", Bool(
			Doc("Turns on browsing dashboards as a grid of pictures. Resource intensive; it may slow down services on small plans."))),
		Opt("dashboards_min_refresh_interval", Str(MaxLen(16),
			Pattern(`^[0-9]+(ms|s|m|h|d)$`, "digits followed by one of the units `ms`, `s`, `m`, `h` or `d`"),
			Doc("Shortest refresh interval a dashboard may use, as a number and a unit, for example `5s` or `1m`."))),
		Opt("dashboards_versions_to_keep", Int(Min("1"), Max("100"),
			Doc("Number of versions kept for each dashboard."))),
		Opt("dataproxy_send_user_header", Bool(
			Doc("Sends the `X-Grafana-User` header with the signed-in user's name to data sources."))),
		Opt("dataproxy_timeout", Int(Min("15"), Max("90"),
			Doc("Timeout of requests to data sources, in seconds."))),
		Opt("date_formats", grafanaDateFormats()),
		Opt("disable_gravatar", Bool(Default("false"),
			Doc("Turns off looking up avatar pictures from an external service; the lookup is on by default."))),
		Opt("editors_can_admin", Bool(
			Doc("Lets editors manage the folders, teams and dashboards they created."))),
		Opt("external_image_storage", grafanaExternalImageStorage()),
		Opt("google_analytics_ua_id", Str(MaxLen(64),
			Pattern(`^(G|UA|YT|MO)-[a-zA-Z0-9-]+$`, "one of the prefixes `G`, `UA`, `YT` or `MO`, a hyphen, then letters, digits and hyphens"),
			Doc("Tracking ID of a web analytics service, for example `G-ABC123`."))),
		Opt("ip_filter", ipFilter()),
		Opt("metrics_enabled", Bool(
			Doc("Turns on the service's `/metrics` endpoint."))),
		Opt("oauth_allow_insecure_email_lookup", Bool(
			Doc("Finds users who sign in through a provider by e-mail address rather than by the provider's unique user ID. Less safe: an address can change hands."))),
		Opt("private_access", grafanaAccess(
			"Private access: clients connect through a DNS name that always resolves to private IP addresses. Only available in certain network locations.",
			"When true, clients may connect to the dashboards service through a DNS name that always resolves to its private IP addresses.")),
		Opt("privatelink_access", grafanaAccess(
			"Access through a private link.",
			"When true, the dashboards service is reachable through a private link.")),
		Opt("project_to_fork_from", Str(append(forkName(63),
			Doc("Name of a project to fork a service from. Acts only when the service is created and cannot be changed afterwards; a lower-case letter followed by lower-case letters, digits and hyphens, or empty. Max 63 characters."))...)),
		Opt("public_access", grafanaAccess(
			"Public access for services placed in a project network or another private network.",
			"When true, the dashboards service accepts connections from the public internet even though its nodes are in a private network.")),
		Opt("recovery_basebackup_name", Str(MaxLen(128),
			Pattern(`^[a-zA-Z0-9-_:.]+$`, "letters, digits, `-`, `_`, `:` and `.`"),
			Doc("Name of the base backup to restore in a forked service."))),
		Opt("service_log", Bool(
			Doc("Stores the service's logs so that they can be read through the platform."))),
		Opt("service_to_fork_from", Str(append(forkName(64),
			Doc("Name of a service to fork from. Acts only when the service is created and cannot be changed afterwards; a lower-case letter followed by lower-case letters, digits and hyphens, or empty. Max 64 characters."))...)),
		Opt("smtp_server", grafanaSMTPServer()),
		Opt("static_ips", Bool(
			Doc("Uses static public IP addresses."))),
		Opt("unified_alerting_enabled", Bool(Default("true"),
			Doc("Turns on unified alerting. On by default; legacy alerts are migrated on upgrade to version 9 and later. To stay on legacy alerting set this to false and `alerting_enabled` to true."))),
		Opt("user_auto_assign_org", Bool(Default("false"),
			Doc("Adds users who sign up to the main organisation."))),
		Opt("user_auto_assign_org_role", Str(Enum("Admin", "Editor", "Viewer"), Default("Viewer"),
			Doc("Role given to new users in the main organisation."))),
		Opt("viewers_can_edit", Bool(
			Doc("Lets view-only users change dashboards in the browser; they cannot save the changes."))),
		Opt("wal", Bool(Default("false"),
			Doc("Turns on write-ahead logging of the service's database."))),
	), Doc("Options of the dashboards service. All members are optional."))
}

// grafanaAccess is one of the access objects: a single required boolean
// member grafana.
func grafanaAccess(doc, memberDoc string) *Schema {
	return Obj(Props(
		Req("grafana", Bool(Doc(memberDoc))),
	), Doc(doc+" The member `grafana` is required."))
}

// grafanaDateFormats is userConfig.date_formats.
func grafanaDateFormats() *Schema {
	interval := func(accuracy string) *Schema {
		return Str(MaxLen(128), Doc("Date format used when a time is shown at "+accuracy+" accuracy."))
	}
	return Obj(Props(
		Opt("default_timezone", Str(MaxLen(64),
			Doc("Default time zone of user preferences; `browser` means the browser's local time zone."))),
		Opt("full_date", Str(MaxLen(128),
			Doc("Date format used for full dates."))),
		Opt("interval_day", interval("day")),
		Opt("interval_hour", interval("hour")),
		Opt("interval_minute", interval("minute")),
		Opt("interval_month", interval("month")),
		Opt("interval_second", interval("second")),
		Opt("interval_year", interval("year")),
	), Doc("Formats in which dates and times are shown. All members are optional."))
}

// grafanaExternalImageStorage is userConfig.external_image_storage.
func grafanaExternalImageStorage() *Schema {
	return Obj(Props(
		Req("access_key", Str(MaxLen(4096), Secret(),
			Pattern(`^[A-Z0-9]+$`, "upper-case letters and digits"),
			Doc("Access key of the storage bucket. It needs permission to put objects and to set object ACLs on the bucket."))),
		Req("bucket_url", Str(MaxLen(2048),
			Doc("URL of the bucket images are stored in."))),
		Req("provider", Str(Enum("s3"),
			Doc("Kind of object storage; only `s3` is allowed."))),
		Req("secret_key", Str(MaxLen(4096), Secret(),
			Pattern(`^[A-Za-z0-9/+=]+$`, "letters, digits, `/`, `+` and `=`"),
			Doc("Secret key that goes with `access_key`."))),
	), Doc("External object storage for images. All four members are required."))
}

// grafanaSMTPServer is userConfig.smtp_server.
func grafanaSMTPServer() *Schema {
	return Obj(Props(
		Req("from_address", Str(MaxLen(319),
			Doc("Address mail is sent from."))),
		Req("host", Str(MaxLen(255),
			Doc("Host name or IP address of the mail server."))),
		Req("port", Int(Min("1"), Max("65535"),
			Doc("Port of the mail server."))),
		Opt("from_name", Str(MaxLen(128), Fmt(FormatNoControl), Default("Grafana"),
			Doc("Sender name shown with the address. No control characters."))),
		Opt("password", Str(MaxLen(255), Fmt(FormatNoControl), Secret(),
			Doc("Password for signing in to the mail server. No control characters."))),
		Opt("skip_verify", Bool(Default("false"),
			Doc("Skips verification of the mail server's certificate."))),
		Opt("starttls_policy", Str(Enum("MandatoryStartTLS", "NoStartTLS", "OpportunisticStartTLS"), Default("OpportunisticStartTLS"),
			Doc("Whether STARTTLS is required, never used, or used when the server offers it."))),
		Opt("username", Str(MaxLen(255), Fmt(FormatNoControl),
			Doc("User name for signing in to the mail server. No control characters."))),
	), Doc("Mail server the service sends e-mail through. `from_address`, `host` and `port` are required."))
}

// Sign-in providers. client_id and client_secret are required in all of
// them; arrays hold at most 50 items unless the specification says
// otherwise.

func grafanaClientID() *Property {
	return Req("client_id", Str(MaxLen(1024), Fmt(FormatPrintable),
		Doc("Client ID of the service at the identity provider. Printable ASCII.")))
}

func grafanaClientSecret() *Property {
	return Req("client_secret", Str(MaxLen(1024), Fmt(FormatPrintable), Secret(),
		Doc("Client secret of the service at the identity provider. Printable ASCII.")))
}

func grafanaURL(doc string) *Schema { return Str(MaxLen(2048), Doc(doc)) }

func grafanaStrings(max int, doc string) *Schema {
	return Arr(Str(), MaxItems(max), Doc(doc))
}

func grafanaAllowSignUp() *Property {
	return Opt("allow_sign_up", Bool(Doc("Creates an account automatically for a user who signs in for the first time.")))
}

func grafanaAutoLogin() *Property {
	return Opt("auto_login", Bool(Doc("Skips the login screen and signs in through this provider directly.")))
}

func grafanaAuthAzureAD() *Schema {
	return Obj(Props(
		Req("auth_url", grafanaURL("Authorization URL of the provider.")),
		grafanaClientID(),
		grafanaClientSecret(),
		Req("token_url", grafanaURL("Token URL of the provider.")),
		grafanaAllowSignUp(),
		Opt("allowed_domains", grafanaStrings(50, "E-mail domains whose users may sign in.")),
		Opt("allowed_groups", grafanaStrings(50, "Groups a user must belong to (one of them) to sign in.")),
	), Doc("Sign-in through a directory identity provider. `auth_url`, `client_id`, `client_secret` and `token_url` are required."))
}

func grafanaAuthGenericOAuth() *Schema {
	return Obj(Props(
		Req("api_url", grafanaURL("User information URL of the provider.")),
		Req("auth_url", grafanaURL("Authorization URL of the provider.")),
		grafanaClientID(),
		grafanaClientSecret(),
		Req("token_url", grafanaURL("Token URL of the provider.")),
		grafanaAllowSignUp(),
		Opt("allowed_domains", grafanaStrings(50, "E-mail domains whose users may sign in.")),
		Opt("allowed_organizations", grafanaStrings(50, "Organisations a user must belong to (one of them) to sign in.")),
		grafanaAutoLogin(),
		Opt("name", Str(MaxLen(128),
			Pattern(`^[a-zA-Z0-9_\- ]+$`, "letters, digits, `_`, `-` and spaces"),
			Doc("Name of the provider shown on the login screen."))),
		Opt("scopes", grafanaStrings(50, "OAuth scopes requested at sign-in.")),
		Opt("use_refresh_token", Bool(Doc("Uses refresh tokens to renew access tokens."))),
	), Doc("Sign-in through any OAuth 2 provider. `api_url`, `auth_url`, `client_id`, `client_secret` and `token_url` are required."))
}

func grafanaAuthGithub() *Schema {
	return Obj(Props(
		grafanaClientID(),
		grafanaClientSecret(),
		grafanaAllowSignUp(),
		Opt("allowed_organizations", grafanaStrings(50, "Organisations a user must belong to (one of them) to sign in.")),
		grafanaAutoLogin(),
		Opt("skip_org_role_sync", Bool(Doc("Stops synchronising user roles from the provider."))),
		Opt("team_ids", Arr(Int(), MaxItems(50), Doc("Numeric IDs of the teams whose members may sign in."))),
	), Doc("Sign-in through a code hosting provider's accounts. `client_id` and `client_secret` are required."))
}

func grafanaAuthGitlab() *Schema {
	return Obj(Props(
		Req("allowed_groups", grafanaStrings(50, "Groups a user must belong to (one of them) to sign in.")),
		grafanaClientID(),
		grafanaClientSecret(),
		grafanaAllowSignUp(),
		Opt("api_url", grafanaURL("API URL of the provider; needed only for a self-hosted provider.")),
		Opt("auth_url", grafanaURL("Authorization URL of the provider; needed only for a self-hosted provider.")),
		Opt("token_url", grafanaURL("Token URL of the provider; needed only for a self-hosted provider.")),
	), Doc("Sign-in through a code hosting provider's groups, hosted or self-hosted. `allowed_groups`, `client_id` and `client_secret` are required."))
}

func grafanaAuthGoogle() *Schema {
	return Obj(Props(
		Req("allowed_domains", grafanaStrings(64, "E-mail domains whose users may sign in. At most 64 items.")),
		grafanaClientID(),
		grafanaClientSecret(),
		grafanaAllowSignUp(),
	), Doc("Sign-in through a web accounts provider. `allowed_domains`, `client_id` and `client_secret` are required."))
}
