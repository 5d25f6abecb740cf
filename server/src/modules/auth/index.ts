// The auth module's front door: its routes and what the session plugin needs.
export { authRoutes } from './auth.routes.ts';
export { passwordResetRoutes } from './password-reset.routes.ts';
export { createSessionControl } from './session-control.ts';
export type { SessionControl, SessionSockets } from './session-control.ts';
export { SESSION_COOKIE, sessionIdFromToken, sessionIdHasher } from './session-token.ts';
