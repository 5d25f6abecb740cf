// The disputes module's front door.
export { disputeRoutes } from './dispute.routes.ts';
export { mayFollowTicket, openDispute } from './dispute.service.ts';
