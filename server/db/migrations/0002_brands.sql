CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"description" text,
	"industry" text,
	"tone" text,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language_id" integer,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step" integer DEFAULT 2 NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_user_created_idx" ON "businesses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_user_name_unique" ON "businesses" USING btree ("user_id",lower("name"));