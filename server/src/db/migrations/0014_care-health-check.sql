ALTER TABLE "handovers" ADD COLUMN "health_no_mould" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "handovers" ADD COLUMN "health_no_pink_film" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "handovers" ADD COLUMN "health_smells_right" boolean DEFAULT false NOT NULL;