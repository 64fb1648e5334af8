CREATE TABLE "app_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwe" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"accent_color" text,
	"show_wallet_login_first" boolean DEFAULT false NOT NULL,
	"allowlist_error_title" text,
	"allowlist_error_detail" text,
	"allowlist_cta_text" text,
	"allowlist_cta_link" text,
	"wallet_auth" boolean DEFAULT false NOT NULL,
	"email_auth" boolean DEFAULT false NOT NULL,
	"sms_auth" boolean DEFAULT false NOT NULL,
	"google_oauth" boolean DEFAULT false NOT NULL,
	"twitter_oauth" boolean DEFAULT false NOT NULL,
	"discord_oauth" boolean DEFAULT false NOT NULL,
	"github_oauth" boolean DEFAULT false NOT NULL,
	"spotify_oauth" boolean DEFAULT false NOT NULL,
	"instagram_oauth" boolean DEFAULT false NOT NULL,
	"tiktok_oauth" boolean DEFAULT false NOT NULL,
	"linkedin_oauth" boolean DEFAULT false NOT NULL,
	"apple_oauth" boolean DEFAULT false NOT NULL,
	"farcaster_auth" boolean DEFAULT false NOT NULL,
	"passkey_auth" boolean DEFAULT false NOT NULL,
	"telegram_auth" boolean DEFAULT false NOT NULL,
	"telegram_auth_config" jsonb,
	"terms_and_conditions_url" text,
	"privacy_policy_url" text,
	"require_users_accept_terms" boolean DEFAULT false NOT NULL,
	"create_on_login" text DEFAULT 'off' NOT NULL,
	"user_owned_recovery_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"require_user_owned_recovery_on_create" boolean DEFAULT false NOT NULL,
	"custom_api_url" text,
	"wallet_connect_cloud_project_id" text,
	"fiat_on_ramp_enabled" boolean DEFAULT false NOT NULL,
	"captcha_enabled" boolean DEFAULT false NOT NULL,
	"captcha_site_key" text,
	"twitter_oauth_on_mobile_enabled" boolean DEFAULT false NOT NULL,
	"mfa_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"enforce_wallet_uis" boolean DEFAULT false NOT NULL,
	"legacy_wallet_ui_config" boolean DEFAULT false NOT NULL,
	"allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"code" text,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_verified_at" timestamp with time zone NOT NULL,
	"latest_verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"has_accepted_terms" boolean DEFAULT false NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_signing_keys" ADD CONSTRAINT "app_signing_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_signing_keys_app_idx" ON "app_signing_keys" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_subject_uq" ON "linked_accounts" USING btree ("app_id","type","subject");--> statement-breakpoint
CREATE INDEX "linked_accounts_user_idx" ON "linked_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_codes_destination_uq" ON "login_codes" USING btree ("app_id","channel","destination");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_app_idx" ON "users" USING btree ("app_id");