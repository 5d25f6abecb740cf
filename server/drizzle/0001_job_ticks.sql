CREATE TABLE "job_ticks" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"tick" bigint NOT NULL
);
