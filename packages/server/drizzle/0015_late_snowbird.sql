CREATE TABLE "cross_app_clients" (
	"provider_app_id" varchar(25) NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"client_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cross_app_clients_provider_app_id_client_id_pk" PRIMARY KEY("provider_app_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "cross_app_clients" ADD CONSTRAINT "cross_app_clients_provider_app_id_apps_id_fk" FOREIGN KEY ("provider_app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cross_app_clients_client_idx" ON "cross_app_clients" USING btree ("client_id");