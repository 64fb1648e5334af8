CREATE TABLE "recovery_cloud_configs" (
	"app_id" varchar(25) PRIMARY KEY NOT NULL,
	"google_client_id" text,
	"google_client_secret_sealed" text,
	"google_issuer" text,
	"google_drive_api_url" text,
	"cloudkit_container" text,
	"cloudkit_environment" text,
	"cloudkit_api_token" text,
	"cloudkit_api_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_oauth_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"code_challenge" text NOT NULL,
	"redirect_to" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"code_hash" text
);
--> statement-breakpoint
ALTER TABLE "recovery_cloud_configs" ADD CONSTRAINT "recovery_cloud_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_oauth_states" ADD CONSTRAINT "recovery_oauth_states_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_oauth_states" ADD CONSTRAINT "recovery_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_oauth_states_state_uq" ON "recovery_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "recovery_oauth_states_code_idx" ON "recovery_oauth_states" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "recovery_oauth_states_expiry_idx" ON "recovery_oauth_states" USING btree ("expires_at");