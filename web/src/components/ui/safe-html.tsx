import DOMPurify from 'dompurify';
import { useMemo } from 'react';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/** Renders server-made HTML (formatted usernames, notification texts) after DOMPurify, as a second guard. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
