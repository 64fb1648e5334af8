CREATE TABLE "opaque_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"device_jkt" text NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_spends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"wallet_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"value_wei" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "wallet_policy" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "opaque_server_setup" text;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD COLUMN "recovery_opaque_record" text;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD COLUMN "recovery_sealed_share" text;--> statement-breakpoint
ALTER TABLE "opaque_logins" ADD CONSTRAINT "opaque_logins_wallet_id_embedded_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."embedded_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_spends" ADD CONSTRAINT "wallet_spends_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_spends" ADD CONSTRAINT "wallet_spends_wallet_id_embedded_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."embedded_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opaque_logins_expiry_idx" ON "opaque_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wallet_spends_wallet_time_idx" ON "wallet_spends" USING btree ("wallet_id","created_at");