CREATE TABLE "match_map_restores" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"match_map_id" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"attack_rounds" smallint NOT NULL,
	"defence_rounds" smallint NOT NULL,
	"first_score" smallint NOT NULL,
	"second_score" smallint NOT NULL,
	"log_batch_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_map_restores" ADD CONSTRAINT "match_map_restores_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_map_restores" ADD CONSTRAINT "match_map_restores_match_map_id_match_maps_id_fk" FOREIGN KEY ("match_map_id") REFERENCES "public"."match_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_map_restores" ADD CONSTRAINT "match_map_restores_log_batch_id_stats_log_batches_id_fk" FOREIGN KEY ("log_batch_id") REFERENCES "public"."stats_log_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_map_restores_match_idx" ON "match_map_restores" USING btree ("match_id","at");