import type { CurrentUser } from '@versus/common/api/users';
import type { UserRow } from '../../db/schema/users.ts';
import { escapeHtml, isSafeColor, sanitizeUserHtml } from '../../lib/html.ts';

type NameParts = Pick<UserRow, 'username' | 'color' | 'backgroundColor'>;

/** The username as sanitized HTML, coloured by the user's name and background colours. */
export function formatUsername(user: NameParts): string {
  const styles: string[] = [];
  if (isSafeColor(user.color)) styles.push(`color: ${user.color}`);
  if (isSafeColor(user.backgroundColor)) styles.push(`background-color: ${user.backgroundColor}`);
  const style = styles.length > 0 ? ` style="${styles.join('; ')}"` : '';
  return sanitizeUserHtml(`<span class="username"${style}>${escapeHtml(user.username)}</span>`);
}

/** The class name (a title such as "Veteran") as sanitized HTML, or null when the user has none. */
export function formatClassName(className: string | null): string | null {
  if (!className) return null;
  return sanitizeUserHtml(`<span class="class-name">${escapeHtml(className)}</span>`);
}

/** The signed-in user as the API shows it to that user. */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    image: user.image,
    flag: user.flag,
    color: user.color,
    backgroundColor: user.backgroundColor,
    formattedUsername: formatUsername(user),
    className: user.className,
    formattedClassName: formatClassName(user.className),
    role: user.role,
    elo: user.elo,
  };
}
