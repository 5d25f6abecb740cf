CREATE TABLE "match_player_absences" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "match_player_absences_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "match_player_absences" ADD CONSTRAINT "match_player_absences_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_player_absences" ADD CONSTRAINT "match_player_absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;