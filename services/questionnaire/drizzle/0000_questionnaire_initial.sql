CREATE TABLE "answers" (
	"user_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"answer_ciphertext" text NOT NULL,
	"answered" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answers_user_id_step_pk" PRIMARY KEY("user_id","step"),
	CONSTRAINT "answers_step_check" CHECK ("answers"."step" between 1 and 8)
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
CREATE TABLE "questionnaires" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"completed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"skipped_steps" integer[],
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "questionnaires_status_check" CHECK ("questionnaires"."status" in ('not_started', 'in_progress', 'completed', 'submitted')),
	CONSTRAINT "questionnaires_submitted_check" CHECK (("questionnaires"."status" = 'submitted') = ("questionnaires"."submitted_at" is not null))
);
