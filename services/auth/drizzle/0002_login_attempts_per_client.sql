CREATE TABLE "login_attempts" (
	"email_hash" text NOT NULL,
	"client_hash" text NOT NULL,
	"failed_login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_email_hash_client_hash_pk" PRIMARY KEY("email_hash","client_hash")
);
--> statement-breakpoint
CREATE INDEX "login_attempts_updated_idx" ON "login_attempts" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_attempts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
DROP TABLE "unknown_login_attempts" CASCADE;