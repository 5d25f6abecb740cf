// The signed-in user's own settings: country flag and config link, password, avatar.
import type { changePasswordBody, SettingsAnswer, updateSettingsBody } from '@versus/common/api/users';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { acceptAvatar, AVATAR_PREFIX } from './avatar.ts';
import { presentCurrentUser } from './user.presenter.ts';
import { updateUser } from './user-profile.repository.ts';

export const SETTINGS_TEXTS = {
  saved: 'Your settings have been saved.',
  wrongPassword: 'The current password is incorrect.',
  passwordChanged: 'Your password has been changed.',
  avatarSaved: 'Your avatar has been updated.',
} as const;

export async function updateSettings(
  db: Db,
  user: UserRow,
  input: z.output<typeof updateSettingsBody>,
  now: number,
): Promise<SettingsAnswer> {
  const values: { flag?: string | null; configUrl?: string | null } = {};
  if (input.flag !== undefined) values.flag = input.flag;
  if (input.configUrl !== undefined) values.configUrl = input.configUrl;
  const row = Object.keys(values).length > 0 ? await updateUser(db, user.id, values, new Date(now)) : user;
  return { message: SETTINGS_TEXTS.saved, data: presentCurrentUser(row) };
}

export async function changePassword(
  db: Db,
  user: UserRow,
  input: z.output<typeof changePasswordBody>,
  now: number,
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new ValidationError({ currentPassword: [SETTINGS_TEXTS.wrongPassword] });
  }
  await updateUser(db, user.id, { passwordHash: await hashPassword(input.password) }, new Date(now));
  return { message: SETTINGS_TEXTS.passwordChanged };
}

/** Stores the new avatar, points the user at it, then removes the previous uploaded one (if any). */
export async function uploadAvatar(
  db: Db,
  storage: FileStorage,
  user: UserRow,
  bytes: Buffer,
  now: number,
): Promise<SettingsAnswer> {
  const { key, contentType } = acceptAvatar(bytes);
  await storage.put(key, bytes, contentType);
  const row = await updateUser(db, user.id, { image: storage.url(key) }, new Date(now));
  const previous = previousKey(storage, user.image);
  if (previous) await storage.delete(previous).catch(() => undefined);
  return { message: SETTINGS_TEXTS.avatarSaved, data: presentCurrentUser(row) };
}

function previousKey(storage: FileStorage, image: string | null): string | null {
  if (!image) return null;
  const prefix = storage.url(`${AVATAR_PREFIX}x.png`).replace(/x\.png$/, '');
  return image.startsWith(prefix) ? `${AVATAR_PREFIX}${image.slice(prefix.length)}` : null;
}
