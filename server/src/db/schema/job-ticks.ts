import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The last tick each periodic job ran for, across every server instance. A job claims tick N with one
 * conditional upsert (`... on conflict do update ... where tick < N returning`); only the instance whose
 * claim returns a row does the work, so a per-second broadcast (the location vote countdown) goes out
 * once per second however many instances run.
 */
export const jobTicks = pgTable('job_ticks', {
  name: varchar('name', { length: 64 }).primaryKey(),
  tick: bigint('tick', { mode: 'number' }).notNull(),
});

export type JobTickRow = typeof jobTicks.$inferSelect;
