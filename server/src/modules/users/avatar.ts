// Avatar uploads: the raw image body, recognised by its first bytes (never by the declared type or a
// file name), size-limited, stored under `avatars/<random>.<ext>` in the app's file storage
// (`DATA_DIR/uploads/avatars/` on the local disk) and served by `GET /uploads/avatars/{file}`.
import crypto from 'node:crypto';
import { ValidationError } from '../../errors.ts';

/** Largest accepted avatar. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_PREFIX = 'avatars/';

export const AVATAR_TEXTS = {
  notImage: 'The avatar must be a PNG, JPEG or WebP image.',
  tooLarge: `The avatar must not be greater than ${String(AVATAR_MAX_BYTES / 1024)} kilobytes.`,
} as const;

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type AvatarExtension = keyof typeof TYPES;

/** The image type the bytes start with, or null. */
export function sniffImage(bytes: Buffer): AvatarExtension | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Checks an upload; returns its storage key and content type. */
export function acceptAvatar(bytes: Buffer): { key: string; contentType: string } {
  if (bytes.length > AVATAR_MAX_BYTES) throw new ValidationError({ avatar: [AVATAR_TEXTS.tooLarge] });
  const ext = sniffImage(bytes);
  if (!ext) throw new ValidationError({ avatar: [AVATAR_TEXTS.notImage] });
  return { key: `${AVATAR_PREFIX}${crypto.randomBytes(16).toString('hex')}.${ext}`, contentType: TYPES[ext] };
}

/** Content type of a served avatar file by its (validated) extension. */
export function avatarContentType(file: string): string | null {
  const ext = /\.(png|jpg|webp)$/.exec(file)?.[1] as AvatarExtension | undefined;
  return ext ? TYPES[ext] : null;
}
