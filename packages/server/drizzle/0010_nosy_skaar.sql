CREATE TABLE "mfa_enrolments" (
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"secret_sealed" text,
	"totp_last_step" bigint,
	"phone_number" text,
	"created_at" timestamp with time zone NOT NULL,
	"enrolled_at" timestamp with time zone,
	CONSTRAINT "mfa_enrolments_user_id_method_pk" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_methods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_enrolments" ADD CONSTRAINT "mfa_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;