CREATE TABLE "blob_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
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
CREATE TABLE "deleted_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"file_type" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"name_ciphertext" text NOT NULL,
	"description_ciphertext" text,
	"text_ciphertext" text,
	"text_truncated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_file_type_check" CHECK ("files"."file_type" in ('user_upload', 'chat_storage')),
	CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX "deleted_sessions_user_idx" ON "deleted_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_user_created_idx" ON "files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_user_session_idx" ON "files" USING btree ("user_id","session_id");