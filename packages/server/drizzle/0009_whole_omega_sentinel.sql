-- Issue 13: a session's refresh token lives on its row (rotated by one heap-only update) instead
-- of a refresh_tokens row per token. Refresh tokens issued before this migration stop working (a
-- refresh answers 401 and the user signs in again); access tokens work until they expire.
DROP TABLE "refresh_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_generation" integer DEFAULT 0 NOT NULL;