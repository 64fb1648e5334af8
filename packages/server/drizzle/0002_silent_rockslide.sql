CREATE TABLE "siwe_nonces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"address" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "siwe_nonces_nonce_uq" ON "siwe_nonces" USING btree ("app_id","nonce");--> statement-breakpoint
CREATE INDEX "siwe_nonces_expiry_idx" ON "siwe_nonces" USING btree ("expires_at");