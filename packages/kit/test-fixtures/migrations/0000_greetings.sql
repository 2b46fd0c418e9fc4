CREATE TABLE "greetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
