ALTER TABLE "media_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "media_files_storage_key_idx" ON "media_files" USING btree ("storage_key");