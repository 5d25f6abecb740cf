// The moderation module's front door: reports, the moderation queue, bans and the audit log.
export { moderationAdminRoutes, reportRoutes } from './moderation.routes.ts';
