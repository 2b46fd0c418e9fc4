CREATE TABLE "chat_search_tokens" (
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"message_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	CONSTRAINT "chat_search_tokens_user_id_token_message_id_pk" PRIMARY KEY("user_id","token","message_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "version_group" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_search_tokens" ADD CONSTRAINT "chat_search_tokens_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_search_tokens_session_idx" ON "chat_search_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "chat_search_tokens_message_idx" ON "chat_search_tokens" USING btree ("message_id");