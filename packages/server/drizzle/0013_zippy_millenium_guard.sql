CREATE TABLE "fiat_on_ramp_transactions" (
	"external_transaction_id" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moonpay_keys" (
	"app_id" varchar(25) PRIMARY KEY NOT NULL,
	"sandbox_publishable_key" text,
	"sandbox_secret_key_sealed" text,
	"live_publishable_key" text,
	"live_secret_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiat_on_ramp_transactions" ADD CONSTRAINT "fiat_on_ramp_transactions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_on_ramp_transactions" ADD CONSTRAINT "fiat_on_ramp_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moonpay_keys" ADD CONSTRAINT "moonpay_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiat_on_ramp_transactions_user_idx" ON "fiat_on_ramp_transactions" USING btree ("user_id","created_at");