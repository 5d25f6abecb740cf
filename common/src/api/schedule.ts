// Match times agreed between teams (docs/scheduling.md): the Schedule panel's read, a captain's proposal
// and the other captain's acceptance.
import { z } from 'zod';
import { dataOf, idParam, isoDateTime } from './primitives.ts';

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

/** Rounds an admin may give a window (a round of the whole event, 1-based). */
export const MAX_WINDOW_ROUND = 64;

/** `PUT, DELETE /api/v1/admin/tournaments/{id}/round-windows/{round}`. */
export const roundWindowParams = z.object({
  id: idParam('Tournament'),
  round: idParam('Round').refine((n) => n <= MAX_WINDOW_ROUND, { error: 'Round not found.' }),
});

const windowInstant = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `The ${label} field is required.`
        : `The ${label} field must be a valid ISO 8601 date.`,
  });

/**
 * A round's window: proposed times fall in [opensAt, deadline]; at the deadline a match with no agreed time
 * gets `defaultTime` (`fallback` 'default_time', at or after the deadline) or the forfeit rule ('forfeit').
 */
export const roundWindowBody = z
  .object({
    opensAt: windowInstant('opens at'),
    deadline: windowInstant('deadline'),
    fallback: z.enum(['default_time', 'forfeit'], {
      error: 'The fallback field must be default_time or forfeit.',
    }),
    defaultTime: windowInstant('default time').nullish(),
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.deadline) <= Date.parse(body.opensAt)) {
      ctx.addIssue({
        code: 'custom',
        path: ['deadline'],
        message: 'The deadline must be after the opening.',
      });
    }
    if (body.fallback === 'default_time' && !body.defaultTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultTime'],
        message: 'The default time is required when the fallback is default_time.',
      });
    }
    if (body.fallback === 'forfeit' && body.defaultTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultTime'],
        message: 'A default time is only used with the default_time fallback.',
      });
    }
    if (body.defaultTime && Date.parse(body.defaultTime) < Date.parse(body.deadline)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultTime'],
        message: 'The default time must be at or after the deadline.',
      });
    }
  });
export type RoundWindowInput = z.input<typeof roundWindowBody>;

export const roundWindowView = z
  .object({
    round: z.number(),
    opensAt: isoDateTime,
    deadline: isoDateTime,
    fallback: z.enum(['default_time', 'forfeit']),
    defaultTime: isoDateTime.nullable(),
  })
  .meta({ id: 'RoundWindow' });
export type RoundWindowView = z.infer<typeof roundWindowView>;

export const roundWindowsAnswer = dataOf(z.array(roundWindowView));
export const roundWindowAnswer = z.object({ message: z.string(), data: roundWindowView });

/** `GET /api/v1/users/me/calendar`: the signed-in user's private calendar feed URL (a secret). */
export const calendarLinkView = z.object({ url: z.string() }).meta({ id: 'CalendarLink' });
export type CalendarLinkView = z.infer<typeof calendarLinkView>;
export const calendarLinkAnswer = dataOf(calendarLinkView);
/** `POST /api/v1/users/me/calendar/reset`: a new secret; the old URL answers 404. */
export const calendarResetAnswer = z.object({ message: z.string(), data: calendarLinkView });
/** `GET /api/v1/calendar/{secret}.ics`: iCalendar text (RFC 5545), one VEVENT per match with an agreed time. */
export const calendarFeedAnswer = z
  .custom<Uint8Array>()
  .meta({ type: 'string', format: 'binary', description: 'An iCalendar (text/calendar) feed.' });
