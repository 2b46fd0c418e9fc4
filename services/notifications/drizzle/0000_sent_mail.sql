CREATE TABLE "sent_mail" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sent_mail_event_template_idx" ON "sent_mail" USING btree ("event_id","template");--> statement-breakpoint
CREATE INDEX "sent_mail_user_template_idx" ON "sent_mail" USING btree ("user_id","template");