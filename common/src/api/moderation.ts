// Reports, the moderation queue, bans, appeals and the moderation audit log: every payload and answer.
import { z } from 'zod';
import {
  BAN_DAYS_MAX,
  MODERATION_NOTE_MAX,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
  REPORT_TEXT_MIN,
} from '../moderation/moderation.ts';
import { pageLinksSchema, pageMetaSchema } from './pagination.ts';
import { dataOf, id, idParam, isoDateTime, MAX_ID, requiredText } from './primitives.ts';

export const reportCategorySchema = z
  .enum(REPORT_CATEGORIES, { error: 'The category field must be cheating, abuse, griefing or other.' })
  .meta({ id: 'ReportCategory' });

const optionalId = (label: string) =>
  z
    .number({ error: `The ${label} field must be an id.` })
    .int({ error: `The ${label} field must be an id.` })
    .positive({ error: `The ${label} field must be an id.` })
    .max(MAX_ID, { error: `The ${label} field must be an id.` })
    .nullish();

/** `POST /api/v1/reports`: one player reports another. */
export const createReportBody = z.object({
  userId: z
    .number({ error: 'The user id field is required.' })
    .int({ error: 'The user id field must be an id.' })
    .positive({ error: 'The user id field must be an id.' })
    .max(MAX_ID, { error: 'The user id field must be an id.' }),
  category: reportCategorySchema,
  text: requiredText('text', REPORT_TEXT_MAX).refine((v) => v.length >= REPORT_TEXT_MIN, {
    error: `The text field must be at least ${String(REPORT_TEXT_MIN)} characters.`,
  }),
  /** Optional evidence: the match, its map and round, a demo or a screenshot of it. */
  matchId: optionalId('match id'),
  mapName: z
    .string({ error: 'The map name field must be a string.' })
    .trim()
    .max(64, { error: 'The map name field must not be greater than 64 characters.' })
    .nullish(),
  round: z
    .number({ error: 'The round field must be a number from 1 to 99.' })
    .int({ error: 'The round field must be a number from 1 to 99.' })
    .min(1, { error: 'The round field must be a number from 1 to 99.' })
    .max(99, { error: 'The round field must be a number from 1 to 99.' })
    .nullish(),
  demoId: optionalId('demo id'),
  screenshotId: optionalId('screenshot id'),
});
export type CreateReportBody = z.input<typeof createReportBody>;

const userRefSchema = z.object({ id, username: z.string() }).meta({ id: 'ModerationUser' });

export const reportSchema = z
  .object({
    id,
    category: reportCategorySchema,
    text: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** Null when the reporter's account is gone. */
    reporter: userRefSchema.nullable(),
    reported: userRefSchema,
    evidence: z.object({
      matchId: id.nullable(),
      mapName: z.string().nullable(),
      round: z.number().nullable(),
      demoId: id.nullable(),
      screenshotId: id.nullable(),
    }),
    /** The reported player's ban in force, if any (null end: for good). */
    reportedBan: z.object({ id, endsAt: isoDateTime.nullable() }).nullable(),
    handledBy: userRefSchema.nullable(),
    handledAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

export const createReportAnswer = z.object({ message: z.string(), data: reportSchema });

/** `GET /api/v1/admin/reports?status=open&page=n` (open by default; `all` for every status). */
export const reportListQuery = z.object({
  status: z
    .enum([...REPORT_STATUSES, 'all'], {
      error: 'The status field must be open, dismissed, warned, banned or all.',
    })
    .default('open'),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform((raw) => Math.max(1, Number(raw)))
    .catch(1)
    .default(1)
    .meta({ description: 'Page number, from 1 (1 when absent or not a number).' }),
});

export const reportListAnswer = z.object({
  data: z.array(reportSchema),
  meta: pageMetaSchema,
  links: pageLinksSchema,
});

export const reportParams = z.object({ reportId: idParam('Report') });
export const banParams = z.object({ banId: idParam('Ban') });

const note = (field: string) => requiredText(field, MODERATION_NOTE_MAX);

/** Dismiss: an optional note for the log. */
export const dismissReportBody = z.object({
  note: z
    .string({ error: 'The note field must be a string.' })
    .trim()
    .max(MODERATION_NOTE_MAX, {
      error: `The note field must not be greater than ${String(MODERATION_NOTE_MAX)} characters.`,
    })
    .optional(),
});
/** Warn: what the player is told (a notification). */
export const warnReportBody = z.object({ message: note('message') });
/** Ban: a reason, and `days` (1 to 3650) or `permanent: true`. */
export const banReportBody = z
  .object({
    reason: note('reason'),
    days: z
      .number({ error: `The days field must be a whole number from 1 to ${String(BAN_DAYS_MAX)}.` })
      .int({ error: `The days field must be a whole number from 1 to ${String(BAN_DAYS_MAX)}.` })
      .min(1, { error: `The days field must be a whole number from 1 to ${String(BAN_DAYS_MAX)}.` })
      .max(BAN_DAYS_MAX, {
        error: `The days field must be a whole number from 1 to ${String(BAN_DAYS_MAX)}.`,
      })
      .optional(),
    permanent: z.boolean({ error: 'The permanent field must be true or false.' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.permanent === true && body.days !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Give either days or permanent, not both.' });
    } else if (body.permanent !== true && body.days === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'The days field is required unless the ban is permanent.',
      });
    }
  });
export const liftBanBody = z.object({ reason: note('reason') });

export const banSchema = z
  .object({
    id,
    user: userRefSchema,
    reason: z.string(),
    reportId: id.nullable(),
    evidence: z.record(z.string(), z.unknown()),
    startsAt: isoDateTime,
    /** Null: for good. */
    endsAt: isoDateTime.nullable(),
    createdBy: userRefSchema.nullable(),
    liftedAt: isoDateTime.nullable(),
    liftReason: z.string().nullable(),
    /** Not lifted and not over. */
    inForce: z.boolean(),
    /** The player's appeal of this ban (one per ban), if any. */
    appeal: z.object({ id, text: z.string(), createdAt: isoDateTime }).nullable(),
  })
  .meta({ id: 'Ban' });
export type Ban = z.infer<typeof banSchema>;

export const reportActionAnswer = z.object({ message: z.string(), data: reportSchema });
export const banActionAnswer = z.object({ message: z.string(), data: banSchema });
export const banListAnswer = dataOf(z.array(banSchema));

export const moderationActionSchema = z
  .object({
    id,
    action: z.enum(['report.dismissed', 'user.warned', 'user.banned', 'ban.lifted', 'appeal.opened']),
    actor: userRefSchema.nullable(),
    target: userRefSchema.nullable(),
    reportId: id.nullable(),
    banId: id.nullable(),
    note: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ModerationAction' });
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const moderationLogAnswer = z.object({
  data: z.array(moderationActionSchema),
  meta: pageMetaSchema,
  links: pageLinksSchema,
});

/** The signed-in player's own ban in force (null when none), with their appeal if they made one. */
export const myBanAnswer = dataOf(
  z
    .object({
      id,
      reason: z.string(),
      endsAt: isoDateTime.nullable(),
      appeal: z.object({ id, text: z.string(), createdAt: isoDateTime }).nullable(),
    })
    .nullable(),
);
/** `POST /api/v1/users/me/ban/appeal`: why the ban should be lifted. */
export const appealBody = z.object({ text: requiredText('text', MODERATION_NOTE_MAX) });
export const appealAnswer = z.object({ message: z.string(), data: z.object({ id }) });
export type MyBan = z.infer<typeof myBanAnswer>['data'];
