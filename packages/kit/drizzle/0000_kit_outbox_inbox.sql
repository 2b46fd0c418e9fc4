CREATE TABLE "kit_inbox" (
	"consumer_group" text NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kit_inbox_consumer_group_event_id_pk" PRIMARY KEY("consumer_group","event_id")
);
--> statement-breakpoint
CREATE TABLE "kit_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kit_inbox_processed_at_idx" ON "kit_inbox" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "kit_outbox_pending_idx" ON "kit_outbox" USING btree ("seq") WHERE "kit_outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "kit_outbox_subject_pending_idx" ON "kit_outbox" USING btree ("subject","seq") WHERE "kit_outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "kit_outbox_published_at_idx" ON "kit_outbox" USING btree ("published_at");