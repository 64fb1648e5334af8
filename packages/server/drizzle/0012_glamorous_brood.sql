CREATE TABLE "farcaster_channels" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"nonce" text NOT NULL,
	"domain" text NOT NULL,
	"answer" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farcaster_signer_apps" (
	"app_id" varchar(25) PRIMARY KEY NOT NULL,
	"request_fid" integer NOT NULL,
	"request_key_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farcaster_signers" (
	"app_id" varchar(25) NOT NULL,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"fid" integer NOT NULL,
	"request_token" text NOT NULL,
	"approval_url" text NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farcaster_signers_app_id_public_key_pk" PRIMARY KEY("app_id","public_key")
);
--> statement-breakpoint
ALTER TABLE "farcaster_channels" ADD CONSTRAINT "farcaster_channels_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_signer_apps" ADD CONSTRAINT "farcaster_signer_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_signers" ADD CONSTRAINT "farcaster_signers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_signers" ADD CONSTRAINT "farcaster_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farcaster_channels_expiry_idx" ON "farcaster_channels" USING btree ("expires_at");