ALTER TABLE "chat_messages" ADD COLUMN "reply_owner" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reply_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_messages_reply_lease_idx" ON "chat_messages" USING btree ("reply_lease_until") WHERE "chat_messages"."reply_lease_until" is not null;