import { useEffect, useMemo, useState } from 'react';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

type Sanitize = (html: string) => string;

// The server sanitizes every HTML text it sends (sanitize-html, a small allowlist); this is the second
// guard. Almost all of it is made of a handful of inert tokens (a formatted username is one coloured
// <span>, a notification bolds names), which are rendered as they are; anything else goes through
// DOMPurify, loaded on first need so its 9 KB (gzip) stay out of the pages that never need it.
const TEXT = String.raw`[^<>&]|&(?:amp|lt|gt|quot|#39|#x27|nbsp);`;
const COLOR = String.raw`#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)`;
const STYLE = String.raw`(?:color|background-color):\s*(?:${COLOR})`;
const SPAN = String.raw`<span(?: class="[a-z0-9 _-]*")?(?: style="${STYLE}(?:;\s*${STYLE})*;?")?>`;
const TAG = String.raw`</?(?:b|i|strong|em|small)>|<br\s*/?>|${SPAN}|</span>`;
const INERT = new RegExp(String.raw`^(?:${TEXT}|${TAG})*$`);

/** Whether `html` is made only of plain text and inert formatting tags (no links, no other attributes). */
export function isInertMarkup(html: string): boolean {
  return INERT.test(html);
}

let sanitizer: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    sanitizer = (html) => DOMPurify.sanitize(html);
    return sanitizer;
  });
  return loading;
}

/** The text of `html` with every tag dropped (parsed inert, nothing runs), while DOMPurify loads. */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Renders server-made HTML (formatted usernames, notification texts) behind a second guard. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const inert = isInertMarkup(html);
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (inert || sanitize) return;
    let live = true;
    void loadSanitizer().then((loaded) => {
      if (live) setSanitize(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [inert, sanitize]);
  const clean = useMemo(() => (inert ? html : sanitize ? sanitize(html) : null), [html, inert, sanitize]);
  if (clean === null) return <span className={className}>{textOf(html)}</span>;
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
