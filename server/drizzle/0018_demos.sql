CREATE TABLE "demos" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"host_id" integer,
	"map_name" varchar(64),
	"player_id" varchar(64),
	"user_id" integer,
	"in_game_name" varchar(64),
	"file_name" varchar(128) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"map_name" varchar(64),
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"result_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_screenshot_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"requested_by" integer,
	"user_id" integer,
	"player_id" varchar(64) NOT NULL,
	"in_game_name" varchar(64),
	"map_name" varchar(64),
	"batch" uuid NOT NULL,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "taken_by_server" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demos" ADD CONSTRAINT "demos_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demos" ADD CONSTRAINT "demos_host_id_game_server_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."game_server_hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demos" ADD CONSTRAINT "demos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_host_id_game_server_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."game_server_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_screenshot_requests" ADD CONSTRAINT "server_screenshot_requests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_screenshot_requests" ADD CONSTRAINT "server_screenshot_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_screenshot_requests" ADD CONSTRAINT "server_screenshot_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demos_match_sha256_unique" ON "demos" USING btree ("match_id","sha256");--> statement-breakpoint
CREATE INDEX "demos_match_idx" ON "demos" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_host_file_unique" ON "media_uploads" USING btree ("host_id","kind","sha256");--> statement-breakpoint
CREATE INDEX "server_screenshot_requests_match_idx" ON "server_screenshot_requests" USING btree ("match_id","requested_by");