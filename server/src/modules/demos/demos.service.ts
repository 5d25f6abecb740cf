// Demos and server screenshots. The agent's `versus-upload` announces a file (size, SHA-256), sends it in
// chunks at the offset the platform holds (a killed uploader asks for it and goes on), and the last chunk
// has the whole file checked (checksum, then content) and stored: a demo here, a server screenshot through
// the screenshots module. The room lists each map's demos and asks the game server for screenshots (`getss`).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  MatchDemos,
  MediaUploadStart,
  MediaUploadState,
  ServerScreenshotRequest,
} from '@versus/common/api/demos';
import { STATUS } from '@versus/common/match/statuses';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import type { GameServerHostRow, MediaUploadRow, UserRow } from '../../db/schema/index.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { poolRuntimeOf } from '../game-servers/index.ts';
import { storeServerScreenshot } from '../screenshots/index.ts';
import { demoPlayerId, isCod4Demo, screenshotRequestId } from './demo-file.ts';
import * as repo from './demos.repository.ts';
import { countUpload } from '../../lib/process-metrics.ts';

export interface DemoSettings {
  maxBytes: number;
  quotaBytes: number;
  retentionDays: number;
  screenshotsPerCaptainPerMap: number;
  /** Largest server screenshot accepted (the anticheat screenshots' limit). */
  screenshotMaxBytes: number;
  /** Where chunks wait for the rest of their file. */
  partsDir: string;
}

export const DEMO_TEXTS = {
  badToken: 'Invalid game server agent token.',
  noMatch: 'This server is not playing a match.',
  otherServer: 'This match was not played on this server.',
  expired: (days: number) => `The match finished more than ${days} days ago: its demos are no longer kept.`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  quotaFull: 'The demo storage is full.',
  notAsked: 'This screenshot was not asked for by Versus.',
  checksum: "The file's SHA-256 does not match the one announced.",
  notDemo: 'The file is not a CoD4 demo.',
  notJpeg: 'The screenshot must be a JPEG image.',
  requestForbidden: "Only admins, and the match's captains while it is live, can ask for server screenshots.",
  noServer: 'This match has no game server.',
  serverSilent: 'The game server did not answer.',
  notOnServer: 'That player is not on the server.',
  limit: (n: number) => `You can ask for ${n} server screenshots per map.`,
} as const;

const MB = 1024 * 1024;
/** An unfinished upload no chunk reached for this long is abandoned (it holds no quota any more). */
export const STALE_UPLOAD_MS = 24 * 3_600_000;

export class DemoService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: FileStorage,
    private readonly settings: DemoSettings,
  ) {}

  private get db(): Db {
    return this.ctx.db;
  }

  private now(): Date {
    return new Date(this.ctx.now());
  }

  async host(token: string | null): Promise<GameServerHostRow> {
    const host = await repo.hostOfAgentToken(this.db, token);
    if (!host) throw new UnauthorizedError(DEMO_TEXTS.badToken);
    return host;
  }

  /** Announces a file: the match it belongs to, the limits, then the upload (the same file: the same one). */
  async start(host: GameServerHostRow, input: MediaUploadStart): Promise<MediaUploadState> {
    let matchId = input.matchId ?? host.matchId ?? host.logMatchId;
    if (input.kind === 'screenshot') {
      const requestId = screenshotRequestId(input.fileName);
      const request = requestId === null ? null : await repo.screenshotRequest(this.db, requestId);
      if (!request || (input.matchId !== undefined && input.matchId !== request.matchId)) {
        throw new ValidationError({ fileName: [DEMO_TEXTS.notAsked] });
      }
      matchId = request.matchId;
      if (input.size > this.settings.screenshotMaxBytes) {
        throw new HttpError(413, DEMO_TEXTS.tooLarge(Math.ceil(this.settings.screenshotMaxBytes / MB)));
      }
    }
    if (matchId === null) throw new ConflictError(DEMO_TEXTS.noMatch);
    if (!(await repo.playedOnHost(this.db, host.id, matchId)))
      throw new ForbiddenError(DEMO_TEXTS.otherServer);
    const match = await repo.matchRow(this.db, matchId);
    if (!match) throw new ForbiddenError(DEMO_TEXTS.otherServer);
    if (this.pastRetention(match.finishedAt)) {
      throw new ForbiddenError(DEMO_TEXTS.expired(this.settings.retentionDays));
    }
    if (input.kind === 'demo') {
      if (input.size > this.settings.maxBytes) {
        throw new HttpError(413, DEMO_TEXTS.tooLarge(Math.ceil(this.settings.maxBytes / MB)));
      }
    }
    if (input.kind === 'demo') await this.dropStaleUploads();
    const { row, created } = await repo.findOrCreateUpload(this.db, {
      hostId: host.id,
      matchId,
      kind: input.kind,
      fileName: input.fileName,
      mapName: input.map ?? null,
      sizeBytes: input.size,
      sha256: input.sha256,
      // Stamped by the platform's clock, the one the stale-upload sweep compares with (not the database's).
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    if (created && input.kind === 'demo') {
      // Counted with this upload: two uploads announced at once cannot both slip under the quota.
      if ((await repo.demoBytesInUse(this.db)) > this.settings.quotaBytes) {
        await repo.deleteUpload(this.db, row.id);
        throw new HttpError(413, DEMO_TEXTS.quotaFull);
      }
    }
    return stateOf(row);
  }

  async state(host: GameServerHostRow, uploadId: string): Promise<MediaUploadState> {
    return stateOf(await this.upload(host, uploadId));
  }

  /** One chunk at `Content-Range: bytes <first>-<last>/<size>`; the last one stores the file. */
  async chunk(
    host: GameServerHostRow,
    uploadId: string,
    contentRange: string | undefined,
    bytes: Buffer,
  ): Promise<MediaUploadState> {
    const upload = await this.upload(host, uploadId);
    if (upload.resultId !== null) return stateOf(upload);
    const range = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(contentRange ?? '');
    const first = Number(range?.[1]);
    const last = Number(range?.[2]);
    if (
      !range ||
      Number(range[3]) !== upload.sizeBytes ||
      last < first ||
      last >= upload.sizeBytes ||
      last - first + 1 !== bytes.length
    ) {
      throw new ValidationError({
        'content-range': [
          `The Content-Range must be "bytes <first>-<last>/${upload.sizeBytes}" of the bytes sent.`,
        ],
      });
    }
    if (first !== upload.received) throw new ConflictError(`The upload is at byte ${upload.received}.`);
    const part = this.partPath(upload.id);
    await fs.mkdir(this.settings.partsDir, { recursive: true });
    const handle = await fs.open(part, 'a+').then(async (h) => {
      await h.close();
      return fs.open(part, 'r+');
    });
    try {
      await handle.write(bytes, 0, bytes.length, first);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const now = this.now();
    if (!(await repo.advanceUpload(this.db, upload.id, first, last + 1, now))) {
      const fresh = await this.upload(host, uploadId);
      throw new ConflictError(`The upload is at byte ${fresh.received}.`);
    }
    if (last + 1 < upload.sizeBytes) return stateOf({ ...upload, received: last + 1 });
    return this.finish({ ...upload, received: last + 1 }, now);
  }

  private async finish(upload: MediaUploadRow, now: Date): Promise<MediaUploadState> {
    const part = this.partPath(upload.id);
    const bytes = await fs.readFile(part);
    const refuse = async (field: string, message: string): Promise<never> => {
      await fs.rm(part, { force: true });
      await repo.resetUpload(this.db, upload.id, now);
      countUpload(upload.kind === 'demo' ? 'demo' : 'screenshot', 'refused');
      throw new ValidationError({ [field]: [message] });
    };
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== upload.sha256) {
      return refuse('sha256', DEMO_TEXTS.checksum);
    }
    let resultId: number;
    if (upload.kind === 'demo') {
      if (!isCod4Demo(bytes)) return refuse('file', DEMO_TEXTS.notDemo);
      const playerId = demoPlayerId(upload.fileName);
      const account = playerId === null ? null : await repo.accountOfPlayerId(this.db, playerId);
      const storageKey = `demos/${crypto.randomBytes(24).toString('base64url')}.dm1`;
      await this.storage.put(storageKey, bytes, 'application/octet-stream');
      resultId = await repo.insertDemo(this.db, {
        matchId: upload.matchId,
        hostId: upload.hostId,
        mapName: upload.mapName,
        playerId,
        userId: account?.userId ?? null,
        inGameName: account?.inGameName ?? null,
        fileName: upload.fileName,
        sizeBytes: bytes.length,
        sha256: upload.sha256,
        storageKey,
        createdAt: now,
      });
      await this.prune(now);
    } else {
      const requestId = screenshotRequestId(upload.fileName);
      const request = requestId === null ? null : await repo.screenshotRequest(this.db, requestId);
      if (!request) return refuse('fileName', DEMO_TEXTS.notAsked);
      try {
        resultId = await storeServerScreenshot(this.db, this.storage, {
          matchId: request.matchId,
          userId: request.userId,
          inGameName: request.inGameName,
          bytes,
          now,
        });
      } catch (error) {
        if (error instanceof ValidationError) return refuse('file', DEMO_TEXTS.notJpeg);
        throw error;
      }
      await repo.markScreenshotArrived(this.db, request.id, now);
    }
    await repo.finishUpload(this.db, upload.id, resultId, now);
    await fs.rm(part, { force: true });
    countUpload(upload.kind === 'demo' ? 'demo' : 'screenshot', 'stored', bytes.length);
    return stateOf({ ...upload, resultId });
  }

  /**
   * Unfinished uploads no chunk reached for STALE_UPLOAD_MS are abandoned (an agent that comes back gets 404
   * and announces the file again): rows and partial files go, so they stop holding demo quota.
   */
  private async dropStaleUploads(): Promise<void> {
    const ids = await repo.deleteStaleUploads(this.db, new Date(this.now().getTime() - STALE_UPLOAD_MS));
    for (const id of ids) await fs.rm(this.partPath(id), { force: true });
  }

  /** Demos of matches finished longer ago than the retention are deleted (files, then rows). */
  async prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.settings.retentionDays * 86_400_000);
    const expired = await repo.expiredDemos(this.db, cutoff);
    for (const demo of expired) await this.storage.delete(demo.storageKey);
    await repo.deleteDemos(
      this.db,
      expired.map((d) => d.id),
    );
    return expired.length;
  }

  private pastRetention(finishedAt: Date | null): boolean {
    return (
      finishedAt !== null &&
      finishedAt.getTime() < this.now().getTime() - this.settings.retentionDays * 86_400_000
    );
  }

  private partPath(id: string): string {
    return path.join(this.settings.partsDir, `${id}.part`);
  }

  private async upload(host: GameServerHostRow, uploadId: string): Promise<MediaUploadRow> {
    const upload = await repo.uploadOfHost(this.db, host.id, uploadId);
    if (!upload) throw new NotFoundError('Upload not found.');
    return upload;
  }

  /** 404 for no match, 403 for anyone but its players and admins. */
  private async mayView(viewer: UserRow, matchId: number): Promise<void> {
    if (!(await repo.matchRow(this.db, matchId))) throw new NotFoundError('Match not found.');
    if (viewer.role !== 'admin' && !(await repo.isOnRoster(this.db, matchId, viewer.id))) {
      throw new ForbiddenError("Only the match's players and admins can see its demos.");
    }
  }

  /** Each map's demos, maps in the order their first demo arrived. */
  async list(viewer: UserRow, matchId: number): Promise<MatchDemos> {
    await this.mayView(viewer, matchId);
    const groups: MatchDemos = [];
    for (const row of await repo.demosOfMatch(this.db, matchId)) {
      let group = groups.find((g) => g.mapName === row.mapName);
      if (!group) {
        group = { mapName: row.mapName, mapTitle: row.mapTitle, demos: [] };
        groups.push(group);
      }
      group.demos.push({
        id: row.id,
        mapName: row.mapName,
        username: row.username,
        inGameName: row.inGameName,
        playerId: row.playerId,
        sizeBytes: row.sizeBytes,
        downloadUrl: `/api/v1/demos/${row.id}/download`,
        createdAt: row.createdAt.toISOString(),
      });
    }
    return groups;
  }

  async download(viewer: UserRow, demoId: number) {
    const demo = await repo.demoRow(this.db, demoId);
    if (!demo) throw new NotFoundError('Demo not found.');
    await this.mayView(viewer, demo.matchId);
    const file = await this.storage.get(demo.storageKey);
    if (!file) throw new NotFoundError('Demo not found.');
    return { fileName: demo.fileName, bytes: file.bytes };
  }

  /**
   * Asks the match's game server for screenshots (`getss <slot> versus_<request>_`): admins at any time, the
   * match's captains while it is live and up to the per-map allowance.
   */
  async requestScreenshots(
    viewer: UserRow,
    matchId: number,
    body: ServerScreenshotRequest,
  ): Promise<{ requested: number; remaining: number | null }> {
    const match = await repo.matchRow(this.db, matchId);
    if (!match) throw new NotFoundError('Match not found.');
    const admin = viewer.role === 'admin';
    const captain =
      match.statusId === STATUS.inProgress &&
      (match.challengerCaptainId === viewer.id || match.opponentCaptainId === viewer.id);
    if (!admin && !captain) throw new ForbiddenError(DEMO_TEXTS.requestForbidden);
    const runtime = poolRuntimeOf(this.ctx);
    const host = runtime ? await runtime.pool.hostOfMatch(matchId) : null;
    if (!runtime || !host) throw new ConflictError(DEMO_TEXTS.noServer);
    const status = await runtime.pool.status(host).catch(() => {
      throw new ConflictError(DEMO_TEXTS.serverSilent);
    });
    const mapName = status.map;
    const limit = this.settings.screenshotsPerCaptainPerMap;
    const used = admin ? 0 : await repo.requestsOnMap(this.db, matchId, viewer.id, mapName);
    if (!admin && used >= limit) throw new TooManyRequestsError(DEMO_TEXTS.limit(limit), 60);
    let clients = status.clients;
    if (body.target !== 'all') {
      const ids = new Set(await repo.playerIdsOfUser(this.db, body.target));
      clients = clients.filter((c) => ids.has(c.playerId));
    }
    if (clients.length === 0) throw new ConflictError(DEMO_TEXTS.notOnServer);
    const now = this.now();
    const batch = crypto.randomUUID();
    const rows = await Promise.all(
      clients.map(async (c) => ({
        matchId,
        requestedBy: viewer.id,
        userId: (await repo.accountOfPlayerId(this.db, c.playerId))?.userId ?? null,
        playerId: c.playerId.slice(0, 64),
        inGameName: c.name.replace(/\^\d/g, '').slice(0, 64),
        mapName,
        batch,
        createdAt: now,
      })),
    );
    const ids = await repo.insertScreenshotRequests(this.db, rows);
    for (const [i, client] of clients.entries()) {
      await runtime.pool.command(host, `getss ${client.num} versus_${ids[i]}_`).catch(() => {
        throw new ConflictError(DEMO_TEXTS.serverSilent);
      });
    }
    return { requested: clients.length, remaining: admin ? null : limit - used - 1 };
  }
}

function stateOf(row: MediaUploadRow): MediaUploadState {
  return {
    id: row.id,
    offset: row.resultId !== null ? row.sizeBytes : row.received,
    size: row.sizeBytes,
    complete: row.resultId !== null,
  };
}
