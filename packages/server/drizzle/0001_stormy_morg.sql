CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"event_name" text NOT NULL,
	"client_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"chain_type" text NOT NULL,
	"recovery_method" text NOT NULL,
	"auth_share" text NOT NULL,
	"recovery_share" text,
	"recovery_blob" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_app_idx" ON "analytics_events" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_wallets_user_uq" ON "embedded_wallets" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_wallets_address_uq" ON "embedded_wallets" USING btree ("app_id","address");