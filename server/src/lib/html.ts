import sanitizeHtml from 'sanitize-html';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use inside HTML text or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const COLOR =
  /^(#[0-9a-fA-F]{3,8}|[a-z]{3,20}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;

/** True for a CSS colour we are willing to put in a style attribute. */
export function isSafeColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && COLOR.test(value);
}

/**
 * The allow-list for every piece of HTML that users can influence (formatted names, notification
 * messages, anticheat badges). Applied on the server before HTML is stored or sent; the browser
 * sanitizes again.
 */
export function sanitizeUserHtml(html: string): string {
  // A pure function of its input, asked for the same names and messages on every page: remembered.
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeUncached(html);
  if (sanitized.size >= SANITIZED_CACHE_SIZE) sanitized.clear();
  sanitized.set(html, clean);
  return clean;
}

const SANITIZED_CACHE_SIZE = 10_000;
const sanitized = new Map<string, string>();

function sanitizeUncached(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['span', 'b', 'i', 'strong', 'em', 'br', 'a', 'small'],
    allowedAttributes: { span: ['class', 'style', 'title'], a: ['href', 'class', 'title'], small: ['class'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    allowedStyles: { span: { color: [COLOR], 'background-color': [COLOR] } },
  });
}
