import { z } from 'zod';
import { stringField } from '../../lib/validation.ts';
import { isCountryCode } from '@versus/common/countries';

const imagePath = z
  .string({ error: 'The image field must be a string.' })
  .max(500, { error: 'The image field must not be greater than 500 characters.' })
  .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, { error: 'The image field must be a path or an http(s) URL.' })
  .nullish();

export const createMapSchema = z.object({
  name: stringField('name', { max: 64 }),
  nameCmd: stringField('name_cmd', { max: 64 }).regex(/^[a-z0-9_]+$/, {
    error: 'The name cmd field may only contain lower-case letters, numbers and underscores.',
  }),
  image: imagePath,
  gameId: z.coerce.number().int().positive().optional(),
  isActive: z.boolean({ error: 'The is active field must be true or false.' }).optional(),
});

export const updateMapSchema = createMapSchema.omit({ gameId: true }).partial();

const flag = z
  .string({ error: 'The flag field is required.' })
  .refine(isCountryCode, { error: 'The flag field must be a valid country code.' })
  .transform((f) => f.toLowerCase());

export const createLocationSchema = z.object({
  hostname: z
    .url({ protocol: /^https?$/, error: 'The hostname field must be a valid http(s) URL.' })
    .max(500, { error: 'The hostname field must not be greater than 500 characters.' }),
  city: stringField('city', { max: 100 }),
  country: stringField('country', { max: 100 }),
  flag,
  isActive: z.boolean({ error: 'The is active field must be true or false.' }).optional(),
});

export const updateLocationSchema = createLocationSchema.partial();
