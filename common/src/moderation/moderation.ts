// Reports, bans and the moderation queue: the fixed lists, limits and texts the server and the web app share.

/** What a player may report another for, in the order the report dialog lists them. */
export const REPORT_CATEGORIES = ['cheating', 'abuse', 'griefing', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  cheating: 'Cheating',
  abuse: 'Abuse (insults, harassment)',
  griefing: 'Griefing (team killing, throwing)',
  other: 'Other',
};

export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 2000;
/** A reporter may have this many reports waiting for a moderator at once. */
export const MAX_OPEN_REPORTS_PER_REPORTER = 5;
export const MODERATION_NOTE_MAX = 2000;
/** The longest timed ban; longer is for good. */
export const BAN_DAYS_MAX = 3650;
export const REPORTS_PER_PAGE = 20;
export const MODERATION_LOG_PER_PAGE = 50;

export const REPORT_STATUSES = ['open', 'dismissed', 'warned', 'banned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** `2026-12-04 08:20 UTC`: one form everywhere a ban's end is said in words (API messages included). */
export function banEndText(endsAt: string | Date): string {
  const iso = (typeof endsAt === 'string' ? new Date(endsAt) : endsAt).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "Banned until 2026-12-04 08:20 UTC." or "Banned permanently." */
export function bannedText(endsAt: string | Date | null): string {
  return endsAt === null ? 'Banned permanently.' : `Banned until ${banEndText(endsAt)}.`;
}

export const MODERATION_TEXTS = {
  reported: 'Thank you: your report was sent to the moderators.',
  self: 'You cannot report yourself.',
  duplicate: 'You have already reported this player: the moderators will look at it.',
  tooMany: `You have ${String(MAX_OPEN_REPORTS_PER_REPORTER)} reports waiting for a moderator: wait until they are handled.`,
  handled: 'This report has already been handled.',
  dismissed: 'Report dismissed.',
  warned: 'Warning sent.',
  banned: 'Player banned.',
  lifted: 'Ban lifted.',
  notBanned: 'This ban is no longer in force.',
  appealed: 'Your appeal was sent to the moderators.',
  noBanToAppeal: 'You are not banned.',
  alreadyAppealed: 'You have already appealed this ban.',
} as const;
