import { z } from 'zod';
import { stringField } from '../../lib/validation.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const registerSchema = z.object({
  username: stringField('username', { min: 3, max: 20 }).regex(USERNAME_PATTERN, {
    error: 'The username field may only contain letters, numbers, dashes and underscores.',
  }),
  email: stringField('email', { max: 255 }).pipe(
    z.email({ error: 'The email field must be a valid email address.' }),
  ),
  password: stringField('password', { min: 8, max: 200 }),
});

export const loginSchema = z.object({
  username: stringField('username', { max: 200 }),
  password: stringField('password', { max: 200 }),
});
