CREATE TABLE "chat_access_verdicts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"allowed" boolean NOT NULL,
	"allowed_until" timestamp with time zone,
	"reason" text NOT NULL,
	"access" text,
	"trial_tokens_remaining" integer,
	"decided_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The people chat already knew of keep their access (ADR 0066): the old projection of
-- billing.subscription.changed, translated once into the verdict it meant on the day of this
-- migration (renewing plans a day past the period end, past due until its grace end or 7 days
-- after the period end). `decided_at` is the old event's time, so billing's next verdict wins.
INSERT INTO "chat_access_verdicts" ("user_id", "allowed", "allowed_until", "reason", "access", "trial_tokens_remaining", "decided_at", "updated_at")
SELECT "user_id",
	"status" IN ('freemium', 'monthly', 'yearly', 'cancelling_at_period_end', 'cancelled', 'past_due'),
	CASE "status"
		WHEN 'monthly' THEN "period_end" + interval '1 day'
		WHEN 'yearly' THEN "period_end" + interval '1 day'
		WHEN 'past_due' THEN coalesce("grace_until", "period_end" + interval '7 days')
		ELSE "period_end"
	END,
	CASE "status"
		WHEN 'freemium' THEN 'trial_expired'
		WHEN 'cancelling_at_period_end' THEN 'subscription_cancelled'
		WHEN 'cancelled' THEN 'subscription_cancelled'
		WHEN 'past_due' THEN 'payment_past_due'
		ELSE 'subscription_expired'
	END,
	CASE "status"
		WHEN 'freemium' THEN 'trial'
		WHEN 'past_due' THEN 'limited'
		WHEN 'expired' THEN NULL
		ELSE 'full'
	END,
	CASE WHEN "status" = 'freemium' THEN "trial_tokens_remaining" END,
	"changed_at",
	"updated_at"
FROM "subscription_access";--> statement-breakpoint
DROP TABLE "subscription_access";
