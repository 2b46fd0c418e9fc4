CREATE TABLE "safety_referrals" (
	"day" date NOT NULL,
	"tier" text NOT NULL,
	"language" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "safety_referrals_day_tier_language_pk" PRIMARY KEY("day","tier","language"),
	CONSTRAINT "safety_referrals_tier_check" CHECK ("safety_referrals"."tier" in ('acute', 'possible'))
);
