// Screenshots taken by the anticheat client during a match: stored behind the file storage with a random
// name (so URLs cannot be guessed), listed for the match's players and admins.
import type { ScreenshotPage } from '@versus/common/api/screenshots';
import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { matchAndPlayer } from '../anticheat/index.ts';
import { sniffImage } from './image-type.ts';
import {
  insertScreenshotWithinQuota,
  insertServerScreenshot,
  isOnRoster,
  screenshotPage,
} from './screenshot.repository.ts';
import { matchSummary } from '../statistics/index.ts';

const IN_PROGRESS = 4;

export interface UploadInput {
  matchId: number;
  bytes: Buffer;
  /** The name the client reported for this shot; else the roster's in-game name. */
  inGameName: string | null;
  now: Date;
}

/** Stores a screenshot of a player of the match while it is in progress. */
/** Screenshots one match may hold, and one player may upload to one match (SCREENSHOTS_MAX_PER_*). */
export interface ScreenshotQuota {
  perMatch: number;
  perUserPerMatch: number;
}

export const QUOTA_TEXTS = {
  matchFull: 'This match has reached its screenshot limit.',
  userFull: 'You have reached your screenshot limit for this match.',
} as const;

export async function uploadScreenshot(
  db: Db,
  storage: FileStorage,
  user: UserRow,
  input: UploadInput,
  quota: ScreenshotQuota,
) {
  const { match, player } = await matchAndPlayer(db, input.matchId, user.id);
  if (!match) throw new NotFoundError('Match not found.');
  if (!player) throw new ForbiddenError('You are not a player of this match.');
  if (match.statusId !== IN_PROGRESS) {
    throw new ForbiddenError('Screenshots can only be uploaded while the match is in progress.');
  }
  const type = sniffImage(input.bytes);
  if (!type) throw new ValidationError({ screenshot: ['The screenshot must be a PNG or JPEG image.'] });
  const publicId = crypto.randomBytes(24).toString('base64url');
  const storageKey = `screenshots/${publicId}.${type.extension}`;
  const id = await insertScreenshotWithinQuota(
    db,
    {
      publicId,
      matchId: match.id,
      userId: user.id,
      inGameName: (input.inGameName ?? player.inGameName)?.slice(0, 64) ?? null,
      storageKey,
      contentType: type.contentType,
      sizeBytes: input.bytes.length,
      createdAt: input.now,
    },
    quota,
    () => storage.put(storageKey, input.bytes, type.contentType),
  );
  if (id === 'match-full') throw new ValidationError({ screenshot: [QUOTA_TEXTS.matchFull] });
  if (id === 'user-full') throw new ValidationError({ screenshot: [QUOTA_TEXTS.userFull] });
  return { id, url: storage.url(storageKey) };
}

/**
 * Stores a screenshot the game server took on request (`getss`, uploaded by the agent): a JPEG (CoD4x
 * sends JPEG only), marked as taken by the server, with the player's account and in-game name. Outside the
 * anticheat quotas: the requests that cause them are limited instead.
 */
export async function storeServerScreenshot(
  db: Db,
  storage: FileStorage,
  input: { matchId: number; userId: number | null; inGameName: string | null; bytes: Buffer; now: Date },
): Promise<number> {
  const type = sniffImage(input.bytes);
  if (type?.contentType !== 'image/jpeg') {
    throw new ValidationError({ file: ['The screenshot must be a JPEG image.'] });
  }
  const publicId = crypto.randomBytes(24).toString('base64url');
  const storageKey = `screenshots/${publicId}.${type.extension}`;
  await storage.put(storageKey, input.bytes, type.contentType);
  return insertServerScreenshot(db, {
    publicId,
    matchId: input.matchId,
    userId: input.userId,
    inGameName: input.inGameName?.slice(0, 64) ?? null,
    storageKey,
    contentType: type.contentType,
    sizeBytes: input.bytes.length,
    takenByServer: true,
    createdAt: input.now,
  });
}

/** A page of the match's screenshots for its players and admins (403 for anyone else). */
export async function listScreenshots(
  db: Db,
  storage: FileStorage,
  viewer: UserRow,
  matchId: number,
  page: number,
  perPage: number,
): Promise<ScreenshotPage> {
  if (!(await matchSummary(db, matchId))) throw new NotFoundError('Match not found.');
  if (viewer.role !== 'admin' && !(await isOnRoster(db, matchId, viewer.id))) {
    throw new ForbiddenError('Only the players of this match and admins can see its screenshots.');
  }
  const { rows, total } = await screenshotPage(db, matchId, page, perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const path = `/api/v1/screenshots/${matchId}`;
  const from = rows.length === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: rows.map((r) => ({
      id: r.id,
      url: storage.url(r.storageKey),
      inGameName: r.inGameName,
      username: r.username,
      takenByServer: r.takenByServer,
    })),
    meta: {
      current_page: page,
      last_page: lastPage,
      per_page: perPage,
      total,
      from,
      to: from === null ? null : from + rows.length - 1,
    },
    links: {
      first: `${path}?page=1`,
      last: `${path}?page=${lastPage}`,
      prev: page > 1 ? `${path}?page=${page - 1}` : null,
      next: page < lastPage ? `${path}?page=${page + 1}` : null,
    },
  };
}
