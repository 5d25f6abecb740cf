// Reports and the moderation queue. Rules:
// - any signed-in player reports another (never themselves, never an unknown account) with a category, a text
//   and optional evidence (a match, its map and round, a demo or a screenshot of that match); one open report
//   per reporter and reported player, and at most MAX_OPEN_REPORTS_PER_REPORTER open reports per reporter;
// - an admin acts once on an open report: dismiss, warn (a notification to the player) or ban for N days or
//   for good (a reason; the report's evidence is copied onto the ban); an admin lifts a ban in force;
// - every admin action writes a row of the audit log in the same transaction;
// - a banned player appeals their ban in force once; admins see the appeal beside the ban, and are told.
import type { Ban, CreateReportBody, ModerationAction, MyBan, Report } from '@versus/common/api/moderation';
import {
  banEndText,
  MAX_OPEN_REPORTS_PER_REPORTER,
  MODERATION_LOG_PER_PAGE,
  MODERATION_TEXTS,
  REPORTS_PER_PAGE,
  type ReportStatus,
} from '@versus/common/moderation/moderation';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import {
  banAppeals,
  bans,
  demos,
  matches,
  reports,
  screenshots,
  users,
  type BanAppealRow,
  type BanRow,
  type ModerationActionRow,
  type ReportRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { pageLinks, pageMeta } from '../../lib/pagination.ts';
import { banInForce, bansInForce } from '../bans/index.ts';
import { createNotifications, publishNotifications, type NewNotification } from '../notifications/index.ts';
import {
  actionPage,
  findBan,
  findReport,
  openReportsBy,
  recordAction,
  reportPage,
  userRefs,
  type UserRef,
} from './moderation.repository.ts';
import { pagesChanged } from '../../core/page-cache.ts';

function presentReport(row: ReportRow, refs: Map<number, UserRef>, banned: Map<number, BanRow>): Report {
  const ref = (userId: number | null) => (userId === null ? null : (refs.get(userId) ?? null));
  const ban = banned.get(row.reportedUserId);
  return {
    id: row.id,
    category: row.category,
    text: row.text,
    status: row.status,
    reporter: ref(row.reporterUserId),
    reported: ref(row.reportedUserId) ?? { id: row.reportedUserId, username: '?' },
    evidence: {
      matchId: row.matchId,
      mapName: row.mapName,
      round: row.round,
      demoId: row.demoId,
      screenshotId: row.screenshotId,
    },
    reportedBan: ban ? { id: ban.id, endsAt: ban.endsAt?.toISOString() ?? null } : null,
    handledBy: ref(row.handledByUserId),
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function presentReports(db: Db, rows: ReportRow[], now: number): Promise<Report[]> {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.reporterUserId, r.reportedUserId, r.handledByUserId]),
  );
  const banned = await bansInForce(
    db,
    rows.map((r) => r.reportedUserId),
    now,
  );
  return rows.map((r) => presentReport(r, refs, banned));
}

function presentBan(
  row: BanRow,
  refs: Map<number, UserRef>,
  now: number,
  appeal: BanAppealRow | undefined,
): Ban {
  return {
    id: row.id,
    user: refs.get(row.userId) ?? { id: row.userId, username: '?' },
    reason: row.reason,
    reportId: row.reportId,
    evidence: row.evidence as Record<string, unknown>,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    createdBy: row.createdByUserId === null ? null : (refs.get(row.createdByUserId) ?? null),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftReason: row.liftReason,
    inForce: row.liftedAt === null && (row.endsAt === null || row.endsAt.getTime() > now),
    appeal: appeal ? { id: appeal.id, text: appeal.text, createdAt: appeal.createdAt.toISOString() } : null,
  };
}

async function presentBans(db: Db, rows: BanRow[], now: number): Promise<Ban[]> {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.userId, r.createdByUserId]),
  );
  const appeals =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(banAppeals)
          .where(
            inArray(
              banAppeals.banId,
              rows.map((r) => r.id),
            ),
          );
  const byBan = new Map(appeals.map((a) => [a.banId, a]));
  return rows.map((r) => presentBan(r, refs, now, byBan.get(r.id)));
}

function presentAction(row: ModerationActionRow, refs: Map<number, UserRef>): ModerationAction {
  const ref = (userId: number | null) => (userId === null ? null : (refs.get(userId) ?? null));
  return {
    id: row.id,
    action: row.action,
    actor: ref(row.actorUserId),
    target: ref(row.targetUserId),
    reportId: row.reportId,
    banId: row.banId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Checks the evidence: each id names a row, and a demo or screenshot belongs to the match given with it. */
async function checkEvidence(db: Db, body: CreateReportBody): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.matchId != null) {
    const [m] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, body.matchId));
    if (!m) errors.matchId = ['The selected match does not exist.'];
  }
  if (body.demoId != null) {
    const [d] = await db.select({ matchId: demos.matchId }).from(demos).where(eq(demos.id, body.demoId));
    if (!d) errors.demoId = ['The selected demo does not exist.'];
    else if (body.matchId != null && d.matchId !== body.matchId) {
      errors.demoId = ['The selected demo is not of the selected match.'];
    }
  }
  if (body.screenshotId != null) {
    const [s] = await db
      .select({ matchId: screenshots.matchId })
      .from(screenshots)
      .where(eq(screenshots.id, body.screenshotId));
    if (!s) errors.screenshotId = ['The selected screenshot does not exist.'];
    else if (body.matchId != null && s.matchId !== body.matchId) {
      errors.screenshotId = ['The selected screenshot is not of the selected match.'];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export async function createReport(
  ctx: AppContext,
  reporter: UserRow,
  body: CreateReportBody & { text: string },
): Promise<{ message: string; data: Report }> {
  if (body.userId === reporter.id) throw new ValidationError({ userId: [MODERATION_TEXTS.self] });
  const [reported] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!reported) throw new ValidationError({ userId: ['The selected user does not exist.'] });
  await checkEvidence(ctx.db, body);
  const row = await ctx.db.transaction(async (tx) => {
    // The reporter's row lock serialises two reports racing for the last open place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
    const open = await openReportsBy(tx, reporter.id);
    if (open.some((r) => r.reportedUserId === body.userId))
      throw new ConflictError(MODERATION_TEXTS.duplicate);
    if (open.length >= MAX_OPEN_REPORTS_PER_REPORTER) throw new HttpError(429, MODERATION_TEXTS.tooMany);
    const [inserted] = await tx
      .insert(reports)
      .values({
        reporterUserId: reporter.id,
        reportedUserId: body.userId,
        category: body.category,
        text: body.text,
        matchId: body.matchId ?? null,
        mapName: body.mapName ? body.mapName : null,
        round: body.round ?? null,
        demoId: body.demoId ?? null,
        screenshotId: body.screenshotId ?? null,
        createdAt: new Date(ctx.now()),
      })
      .returning();
    if (!inserted) throw new Error('report insert returned nothing');
    return inserted;
  });
  const [data] = await presentReports(ctx.db, [row], ctx.now());
  if (!data) throw new Error('report not presented');
  return { message: MODERATION_TEXTS.reported, data };
}

export async function listReports(db: Db, status: ReportStatus | 'all', page: number, now: number) {
  const where = status === 'all' ? undefined : eq(reports.status, status);
  const { rows, total } = await reportPage(db, where, page, REPORTS_PER_PAGE);
  const meta = pageMeta(page, REPORTS_PER_PAGE, total, rows.length);
  return {
    data: await presentReports(db, rows, now),
    meta,
    links: pageLinks(`/api/v1/admin/reports`, meta),
  };
}

export async function moderationLog(db: Db, page: number) {
  const { rows, total } = await actionPage(db, page, MODERATION_LOG_PER_PAGE);
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.actorUserId, r.targetUserId]),
  );
  const meta = pageMeta(page, MODERATION_LOG_PER_PAGE, total, rows.length);
  return {
    data: rows.map((r) => presentAction(r, refs)),
    meta,
    links: pageLinks('/api/v1/admin/moderation-log', meta),
  };
}

/** Bans in force, newest first. */
export async function listBans(db: Db, now: number): Promise<Ban[]> {
  const rows = await db
    .select()
    .from(bans)
    .where(and(isNull(bans.liftedAt), or(isNull(bans.endsAt), gt(bans.endsAt, new Date(now)))))
    .orderBy(desc(bans.id))
    .limit(200);
  return presentBans(db, rows, now);
}

type Action =
  | { kind: 'dismiss'; note: string }
  | { kind: 'warn'; message: string }
  | { kind: 'ban'; reason: string; days: number | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Acts on an open report (once: a report already handled is 409), writing the audit log row with it. */
export async function actOnReport(
  ctx: AppContext,
  admin: UserRow,
  reportId: number,
  action: Action,
): Promise<{ message: string; data: Report }> {
  const now = ctx.now();
  const { row, notes } = await ctx.db.transaction(async (tx) => {
    const report = await findReport(tx, reportId, true);
    if (!report) throw new NotFoundError('Report not found.');
    if (report.status !== 'open') throw new ConflictError(MODERATION_TEXTS.handled);
    const at = new Date(now);
    const status = action.kind === 'dismiss' ? 'dismissed' : action.kind === 'warn' ? 'warned' : 'banned';
    const [updated] = await tx
      .update(reports)
      .set({ status, handledByUserId: admin.id, handledAt: at })
      .where(eq(reports.id, report.id))
      .returning();
    if (!updated) throw new Error('report update returned nothing');
    const target = report.reportedUserId;
    let notes: NewNotification[] = [];
    if (action.kind === 'dismiss') {
      await recordAction(tx, {
        action: 'report.dismissed',
        actorUserId: admin.id,
        targetUserId: target,
        reportId: report.id,
        note: action.note,
        createdAt: at,
      });
    } else if (action.kind === 'warn') {
      await recordAction(tx, {
        action: 'user.warned',
        actorUserId: admin.id,
        targetUserId: target,
        reportId: report.id,
        note: action.message,
        createdAt: at,
      });
      notes = [
        {
          userId: target,
          type: 'moderation-warning',
          message: `A moderator warned you: ${escapeHtml(action.message)}`,
          data: {},
        },
      ];
    } else {
      const endsAt = action.days === null ? null : new Date(now + action.days * DAY_MS);
      const [ban] = await tx
        .insert(bans)
        .values({
          userId: target,
          reason: action.reason,
          reportId: report.id,
          evidence: {
            reportId: report.id,
            category: report.category,
            text: report.text,
            matchId: report.matchId,
            mapName: report.mapName,
            round: report.round,
            demoId: report.demoId,
            screenshotId: report.screenshotId,
          },
          startsAt: at,
          endsAt,
          createdByUserId: admin.id,
          createdAt: at,
        })
        .returning();
      if (!ban) throw new Error('ban insert returned nothing');
      await recordAction(tx, {
        action: 'user.banned',
        actorUserId: admin.id,
        targetUserId: target,
        reportId: report.id,
        banId: ban.id,
        note: `${endsAt === null ? 'Permanently' : `Until ${banEndText(endsAt)}`}: ${action.reason}`,
        createdAt: at,
      });
      const until = endsAt === null ? 'permanently' : `until ${banEndText(endsAt)}`;
      notes = [
        {
          userId: target,
          type: 'moderation-ban',
          message: `You are banned ${until}: ${escapeHtml(action.reason)}`,
          data: {},
        },
      ];
    }
    const written = await createNotifications(tx, notes, now);
    return { row: updated, notes: written };
  });
  await pagesChanged(ctx); // a ban shows on the profile
  await publishNotifications(ctx, notes);
  const [data] = await presentReports(ctx.db, [row], now);
  if (!data) throw new Error('report not presented');
  const message =
    action.kind === 'dismiss'
      ? MODERATION_TEXTS.dismissed
      : action.kind === 'warn'
        ? MODERATION_TEXTS.warned
        : MODERATION_TEXTS.banned;
  return { message, data };
}

/** Lifts a ban in force (409 when it was lifted or is over), audited, and tells the player. */
export async function liftBan(
  ctx: AppContext,
  admin: UserRow,
  banId: number,
  reason: string,
): Promise<{ message: string; data: Ban }> {
  const now = ctx.now();
  const { row, notes } = await ctx.db.transaction(async (tx) => {
    const ban = await findBan(tx, banId, true);
    if (!ban) throw new NotFoundError('Ban not found.');
    const over = ban.endsAt !== null && ban.endsAt.getTime() <= now;
    if (ban.liftedAt !== null || over) throw new ConflictError(MODERATION_TEXTS.notBanned);
    const at = new Date(now);
    const [lifted] = await tx
      .update(bans)
      .set({ liftedAt: at, liftedByUserId: admin.id, liftReason: reason })
      .where(eq(bans.id, ban.id))
      .returning();
    if (!lifted) throw new Error('ban update returned nothing');
    await recordAction(tx, {
      action: 'ban.lifted',
      actorUserId: admin.id,
      targetUserId: ban.userId,
      reportId: ban.reportId,
      banId: ban.id,
      note: reason,
      createdAt: at,
    });
    const notes = await createNotifications(
      tx,
      [
        {
          userId: ban.userId,
          type: 'moderation-ban-lifted',
          message: `Your ban was lifted: ${escapeHtml(reason)}`,
          data: {},
        },
      ],
      now,
    );
    return { row: lifted, notes };
  });
  await pagesChanged(ctx); // a ban shows on the profile
  await publishNotifications(ctx, notes);
  const [data] = await presentBans(ctx.db, [row], now);
  if (!data) throw new Error('ban not presented');
  return { message: MODERATION_TEXTS.lifted, data };
}

/** The signed-in player's ban in force, with their appeal. */
export async function myBan(db: Db, userId: number, now: number): Promise<MyBan> {
  const ban = await banInForce(db, userId, now);
  if (!ban) return null;
  const [appeal] = await db.select().from(banAppeals).where(eq(banAppeals.banId, ban.id));
  return {
    id: ban.id,
    reason: ban.reason,
    endsAt: ban.endsAt?.toISOString() ?? null,
    appeal: appeal ? { id: appeal.id, text: appeal.text, createdAt: appeal.createdAt.toISOString() } : null,
  };
}

/**
 * A banned player appeals their ban in force (once per ban: 409 after); the appeal is the ticket admins see
 * beside the ban on the moderation page; every admin is told, and the audit log keeps it.
 */
export async function appealBan(
  ctx: AppContext,
  user: UserRow,
  text: string,
): Promise<{ message: string; data: { id: number } }> {
  const now = ctx.now();
  const { id, notes } = await ctx.db.transaction(async (tx) => {
    const ban = await banInForce(tx, user.id, now);
    if (!ban) throw new ConflictError(MODERATION_TEXTS.noBanToAppeal);
    await tx.select({ id: bans.id }).from(bans).where(eq(bans.id, ban.id)).for('update');
    const [held] = await tx
      .select({ id: banAppeals.id })
      .from(banAppeals)
      .where(eq(banAppeals.banId, ban.id));
    if (held) throw new ConflictError(MODERATION_TEXTS.alreadyAppealed);
    const at = new Date(now);
    const [appeal] = await tx
      .insert(banAppeals)
      .values({ banId: ban.id, userId: user.id, text, createdAt: at })
      .returning({ id: banAppeals.id });
    if (!appeal) throw new Error('appeal insert returned nothing');
    await recordAction(tx, {
      action: 'appeal.opened',
      actorUserId: user.id,
      targetUserId: user.id,
      reportId: ban.reportId,
      banId: ban.id,
      note: text,
      createdAt: at,
    });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const notes = await createNotifications(
      tx,
      admins.map((a) => ({
        userId: a.id,
        type: 'ban-appeal',
        message: `<b>${escapeHtml(user.username)}</b> appealed their ban.`,
        data: { redirectUrl: '/admin/moderation' },
      })),
      now,
    );
    return { id: appeal.id, notes };
  });
  await publishNotifications(ctx, notes);
  return { message: MODERATION_TEXTS.appealed, data: { id } };
}
