ALTER TABLE "generation_charges" ADD COLUMN "status" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "basis" text DEFAULT 'words' NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "from_plan" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "from_bonus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "from_packs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "text_type" text;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "image_source" integer;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "generation_charges_status_idx" ON "generation_charges" USING btree ("status","created_at");