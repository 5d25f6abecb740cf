// Pusher's HTTP events API on the embedded service, so the `pusher` server SDK (and other back ends)
// can publish to it: `POST /apps/{appId}/events` and `/apps/{appId}/batch_events`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import { isValidChannelName, isValidEventName, isValidSocketId } from '../protocol.ts';
import type { RealtimeService } from '../service.ts';
import { hmacHex, md5Hex, safeEqual } from '../signing.ts';

const MAX_AGE_SECONDS = 600;
const MAX_CHANNELS = 100;
const MAX_BATCH = 10;
const BODY_LIMIT = 256 * 1024;

interface ApiOptions {
  appId: string;
  key: string;
  secret: string;
  maxEventDataBytes: number;
  service: RealtimeService;
}

interface ApiEvent {
  name?: unknown;
  data?: unknown;
  channel?: unknown;
  channels?: unknown;
  socket_id?: unknown;
}

class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/**
 * Pusher's request signature: HMAC of `METHOD\npath\nsorted query without auth_signature`, with the
 * body's MD5 in the query and a timestamp no older than ten minutes.
 */
export function verifyApiRequest(
  request: FastifyRequest,
  rawBody: string,
  options: ApiOptions,
  nowMs: number,
): void {
  const query = request.query as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw new UnauthorizedError('Repeated query parameters are not allowed');
    if (name !== 'auth_signature') params[name.toLowerCase()] = value;
  }
  if (params.auth_key !== options.key) throw new UnauthorizedError('Unknown auth_key');
  if (params.auth_version !== '1.0') throw new UnauthorizedError('auth_version must be 1.0');
  const timestamp = Number(params.auth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > MAX_AGE_SECONDS) {
    throw new UnauthorizedError('Timestamp expired: given auth_timestamp is more than 600 seconds off');
  }
  if (!safeEqual(params.body_md5 ?? '', md5Hex(rawBody)))
    throw new UnauthorizedError('body_md5 does not match');
  const sorted = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  const path = request.url.split('?')[0] ?? '';
  const expected = hmacHex(options.secret, `${request.method}\n${path}\n${sorted}`);
  const given = query.auth_signature;
  if (typeof given !== 'string' || !safeEqual(given, expected))
    throw new UnauthorizedError('Invalid signature');
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError('Body is not JSON');
  }
}

type Publication = Parameters<RealtimeService['publish']>[0];

/** Checks one event and lists its publications; the caller holds the app secret, so its socket_id is honoured as is. */
function toPublications(event: ApiEvent, options: ApiOptions): Publication[] {
  const channels = event.channels ?? (event.channel === undefined ? undefined : [event.channel]);
  if (!Array.isArray(channels) || channels.length === 0 || channels.length > MAX_CHANNELS) {
    throw new BadRequestError(`Give 1 to ${MAX_CHANNELS} channels`);
  }
  if (!channels.every(isValidChannelName)) throw new BadRequestError('Invalid channel name');
  if (!isValidEventName(event.name)) throw new BadRequestError('Invalid event name');
  if (typeof event.data !== 'string') throw new BadRequestError('data must be a string');
  if (Buffer.byteLength(event.data) > options.maxEventDataBytes)
    throw new HttpError(413, 'Payload too large');
  if (event.socket_id !== undefined && !isValidSocketId(event.socket_id))
    throw new BadRequestError('Invalid socket_id');
  const except = event.socket_id === undefined ? undefined : { socketId: event.socket_id, userId: null };
  const { name, data } = event;
  return channels.map((channel) => ({
    type: 'event',
    channel,
    event: name,
    data,
    ...(except ? { except } : {}),
  }));
}

async function publishAll(publications: Publication[], service: RealtimeService): Promise<void> {
  for (const publication of publications) await service.publish(publication);
}

export async function eventsApiRoutes(app: FastifyInstance, options: ApiOptions): Promise<void> {
  // The signature covers the exact bytes, so these routes (only, by encapsulation) keep the raw body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  const guard = (request: FastifyRequest<{ Params: { appId: string } }>): unknown => {
    if (request.params.appId !== options.appId) throw new NotFoundError('Unknown app');
    const raw = typeof request.body === 'string' ? request.body : '';
    verifyApiRequest(request, raw, options, Date.now());
    return parseJson(raw);
  };

  // Left out of the API document: the signature covers the raw body and the whole query string (Pusher's
  // own protocol, documented by Pusher), so neither is validated or reshaped by a schema here.
  const hidden = { schema: { hide: true } };

  app.post<{ Params: { appId: string } }>('/apps/:appId/events', hidden, async (request) => {
    await publishAll(toPublications(guard(request) as ApiEvent, options), options.service);
    return {};
  });

  app.post<{ Params: { appId: string } }>('/apps/:appId/batch_events', hidden, async (request) => {
    const { batch } = guard(request) as { batch?: unknown };
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH) {
      throw new BadRequestError(`batch must hold 1 to ${MAX_BATCH} events`);
    }
    // All or nothing: every event is checked before the first is published.
    const publications = (batch as ApiEvent[]).flatMap((event) => toPublications(event, options));
    await publishAll(publications, options.service);
    return {};
  });
}
