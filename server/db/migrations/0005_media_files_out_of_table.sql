-- The bytes of media files leave the table for the media store (server/media/media-store.ts).
-- SQL cannot write to the store, so the move is split: before the migrator runs, openDb
-- (server/db/client.ts → server/media/move-inline-media.ts) copies every row's data_base64 into the store under the
-- sha256 of its bytes, while the column still exists; this migration then names each row's object by the same
-- content address, computed here from the same bytes, and drops the column. A start that stops between the two
-- steps repeats the copy (storing the same bytes again is the same object).
UPDATE "media_files" SET "storage_key" = encode(sha256(decode("data_base64", 'base64')), 'hex') WHERE "storage_key" IS NULL;--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" DROP COLUMN "data_base64";
