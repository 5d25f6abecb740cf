/** A country flag from its two-letter code, as an emoji (no image assets), named for screen readers. */
export function Flag({ code }: { code: string | null }) {
  if (!code || !/^[a-z]{2}$/i.test(code)) return null;
  const emoji = String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
  return (
    <span className="flag" role="img" aria-label={`Flag: ${code.toUpperCase()}`}>
      {emoji}
    </span>
  );
}
