ALTER TABLE "users" ADD COLUMN "mu" double precision DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sigma" double precision DEFAULT 8.333333333333334 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "mu" double precision DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "sigma" double precision DEFAULT 8.333333333333334 NOT NULL;--> statement-breakpoint
ALTER TABLE "ladder_teams" ADD COLUMN "mu" double precision DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "ladder_teams" ADD COLUMN "sigma" double precision DEFAULT 8.333333333333334 NOT NULL;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "team_formation" varchar(16) DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "challenger_win_probability" double precision;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "mu_before" double precision;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "sigma_before" double precision;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "mu_after" double precision;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "sigma_after" double precision;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "win_probability" double precision;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD CONSTRAINT "solo_queues_team_formation_valid" CHECK ("solo_queues"."team_formation" in ('draft', 'balanced'));