// The disputes module's front door.
export { disputeRoutes } from './dispute.routes.ts';
export { openDispute } from './dispute.service.ts';
