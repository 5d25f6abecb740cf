import { z } from 'zod';
import { stringField } from '../../lib/validation.ts';
import { isCountryCode } from '@versus/common/countries';

/** `PATCH /api/v1/users/me`: every field optional; null clears it. */
export const updateSettingsSchema = z.object({
  flag: z
    .string({ error: 'The flag field must be a string.' })
    .trim()
    .refine(isCountryCode, { error: 'The flag field must be a valid country code.' })
    .transform((code) => code.toLowerCase())
    .nullish(),
  configUrl: z
    .url({ protocol: /^https?$/, error: 'The config url field must be a valid http(s) URL.' })
    .max(500, { error: 'The config url field must not be greater than 500 characters.' })
    .nullish(),
});

/** `POST /api/v1/users/me/password` */
export const changePasswordSchema = z.object({
  currentPassword: stringField('current_password', { max: 200 }),
  password: stringField('password', { min: 8, max: 200 }),
});
