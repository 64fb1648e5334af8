CREATE TABLE "telegram_bots" (
	"app_id" varchar(25) PRIMARY KEY NOT NULL,
	"bot_token_sealed" text NOT NULL,
	"auth_max_age_s" integer DEFAULT 300 NOT NULL,
	"widget_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_telegram_proofs" (
	"proof_hash" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_telegram_proofs" ADD CONSTRAINT "used_telegram_proofs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_telegram_proofs_expiry_idx" ON "used_telegram_proofs" USING btree ("expires_at");