CREATE TABLE "erased_people" (
	"mark" text PRIMARY KEY NOT NULL
);
