CREATE TABLE "kit_dead_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consumer_group" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"subject" text,
	"envelope" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replay_requested_at" timestamp with time zone,
	"replayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kit_delivery_attempts" (
	"consumer_group" text NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"first_failed_at" timestamp with time zone,
	"last_failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kit_delivery_attempts_consumer_group_event_id_pk" PRIMARY KEY("consumer_group","event_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kit_dead_letters_group_event_idx" ON "kit_dead_letters" USING btree ("consumer_group","event_id");--> statement-breakpoint
CREATE INDEX "kit_dead_letters_open_idx" ON "kit_dead_letters" USING btree ("consumer_group","last_failed_at") WHERE "kit_dead_letters"."replayed_at" is null;--> statement-breakpoint
CREATE INDEX "kit_dead_letters_replay_idx" ON "kit_dead_letters" USING btree ("consumer_group","replay_requested_at") WHERE "kit_dead_letters"."replay_requested_at" is not null and "kit_dead_letters"."replayed_at" is null;--> statement-breakpoint
CREATE INDEX "kit_delivery_attempts_updated_at_idx" ON "kit_delivery_attempts" USING btree ("updated_at");