// The users module's front door: accounts, how a user's name is shown, passwords and match history.
export { userRoutes } from './user.routes.ts';
export { sniffImage } from './avatar.ts';
export type { UserRoutesOptions } from './user.routes.ts';
export { findUserByEmail, findUserByUsername, insertUser } from './user.repository.ts';
export { formatClassName, formatUsername, presentCurrentUser } from './user.presenter.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { presentHistoryMatch } from './match-history.presenter.ts';
export { teamMatchHistoryBySlug } from './match-history.repository.ts';
