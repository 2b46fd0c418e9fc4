CREATE TABLE "subscription_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"transition" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"plan" text
);
--> statement-breakpoint
CREATE INDEX "subscription_history_user_idx" ON "subscription_history" USING btree ("user_id","at");