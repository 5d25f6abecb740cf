// Answers encoded once and revalidated by `ETag`: a read cache keeps a body's bytes and its tag (a hash of the
// bytes, so two different bodies never share one), and a request whose `If-None-Match` names the tag gets
// `304 Not Modified` with no body. `Cache-Control: private, no-cache` lets the browser keep the answer and
// makes it ask again every time (the security headers' `no-store` is for answers not sent this way).
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body as bytes, with its strong entity tag. */
export interface EncodedBody {
  bytes: Buffer;
  etag: string;
}

export function encodeBody(json: string): EncodedBody {
  const bytes = Buffer.from(json, 'utf8');
  const hash = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, etag: `"${hash}"` };
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 has it for GET; `*` too). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** Sends `body` (JSON) with its `ETag`, or `304` with none when the request already holds it. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  void reply.header('ETag', body.etag).header('Cache-Control', 'private, no-cache');
  if (notModified(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}
