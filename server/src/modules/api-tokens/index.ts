// Personal API tokens: their routes, and what the session plugin and the CSRF check need.
export { apiTokenRoutes } from './api-tokens.routes.ts';
export { authenticateApiToken, isPersonalApiToken } from './api-tokens.service.ts';
