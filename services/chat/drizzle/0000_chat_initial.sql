CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"content_ciphertext" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"reply_failed" boolean DEFAULT false NOT NULL,
	"file_ids" uuid[],
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_role_check" CHECK ("chat_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title_ciphertext" text,
	"title_source" text NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_sessions_title_source_check" CHECK ("chat_sessions"."title_source" in ('default', 'auto', 'user'))
);
--> statement-breakpoint
CREATE TABLE "coach_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text,
	"answers_ciphertext" text,
	"answers_revision" integer DEFAULT 0 NOT NULL,
	"questionnaire_submitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"wrapped_key" text,
	"key_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_access" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"plan" text,
	"period_end" timestamp with time zone,
	"trial_tokens_remaining" integer,
	"grace_until" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_session_idx" ON "chat_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_user_idx" ON "chat_sessions" USING btree ("user_id","updated_at");