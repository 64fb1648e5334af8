CREATE TABLE "allowlist_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_captcha_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "allowlist_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "max_users" integer;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "disable_signups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "captcha_secret_key" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "app_secret_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_terms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allowlist_entries" ADD CONSTRAINT "allowlist_entries_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_captcha_tokens" ADD CONSTRAINT "used_captcha_tokens_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowlist_entries_uq" ON "allowlist_entries" USING btree ("app_id","type","value");