CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"locked_until" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL
);
