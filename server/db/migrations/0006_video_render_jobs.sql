ALTER TABLE "videos" ADD COLUMN "render_job_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "render_output" jsonb;