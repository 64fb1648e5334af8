CREATE TABLE "oauth_provider_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"provider" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"issuer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"provider" text NOT NULL,
	"state_code" text NOT NULL,
	"code_challenge" text NOT NULL,
	"redirect_to" text NOT NULL,
	"provider_state" text NOT NULL,
	"provider_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"code_hash" text
);
--> statement-breakpoint
ALTER TABLE "oauth_provider_configs" ADD CONSTRAINT "oauth_provider_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_provider_configs_uq" ON "oauth_provider_configs" USING btree ("app_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_state_uq" ON "oauth_states" USING btree ("app_id","state_code");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_provider_state_uq" ON "oauth_states" USING btree ("provider_state");--> statement-breakpoint
CREATE INDEX "oauth_states_code_idx" ON "oauth_states" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_expiry_idx" ON "oauth_states" USING btree ("expires_at");