// Match times agreed between teams (docs/scheduling.md): the Schedule panel's read, a captain's proposal
// and the other captain's acceptance.
import { z } from 'zod';
import { dataOf, isoDateTime } from './primitives.ts';

const proposedTime = z.iso.datetime({
  offset: true,
  error: 'Each time must be an ISO 8601 date and time.',
});

/** `POST /api/v1/match-detail/schedule/{id}/propose`: one to three start times (a counter replaces the open one). */
export const proposeTimesBody = z.object({
  times: z
    .array(proposedTime, { error: 'The times field must be a list of times.' })
    .min(1, { error: 'Propose one to three times.' })
    .max(3, { error: 'Propose one to three times.' }),
});
export type ProposeTimesInput = z.input<typeof proposeTimesBody>;

/** `POST /api/v1/match-detail/schedule/{id}/accept`: one of the open proposal's times. */
export const acceptTimeBody = z.object({ time: proposedTime });
export type AcceptTimeInput = z.input<typeof acceptTimeBody>;

export const scheduleView = z
  .object({
    /** The match's start (ISO), agreed or set by the competition; null: none yet. */
    startDate: isoDateTime.nullable(),
    /** `startDate` is a time both captains agreed on. */
    agreed: z.boolean(),
    /** The open proposal: which team made it and its times (ascending). */
    proposal: z
      .object({
        teamId: z.number().nullable(),
        teamName: z.string(),
        byUsername: z.string().nullable(),
        times: z.array(isoDateTime),
      })
      .nullable(),
    /** The tournament round's window, when an admin set one. */
    window: z.object({ opens: isoDateTime, deadline: isoDateTime }).nullable(),
    /** The panel is shown: a ladder challenge or tournament match whose time may still change. */
    open: z.boolean(),
    canPropose: z.boolean(),
    canAccept: z.boolean(),
  })
  .meta({ id: 'MatchSchedule' });
export type ScheduleView = z.infer<typeof scheduleView>;

/** `GET /api/v1/match-detail/schedule/{id}`, and the answer to a proposal or an acceptance. */
export const scheduleAnswer = dataOf(scheduleView);
export const scheduleCommandAnswer = z.object({ message: z.string(), data: scheduleView });
