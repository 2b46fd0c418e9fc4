CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title_ciphertext" text NOT NULL,
	"notes_ciphertext" text,
	"checkin" text NOT NULL,
	"status" text NOT NULL,
	"next_checkin_at" timestamp with time zone,
	"checkin_due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goals_checkin_check" CHECK ("goals"."checkin" in ('daily', 'weekly', 'none')),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('active', 'done', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "reflection_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"next_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "goals_user_idx" ON "goals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "goals_next_checkin_idx" ON "goals" USING btree ("next_checkin_at") WHERE "goals"."next_checkin_at" is not null;