/**
 * A country flag from its two-letter code: the `flag-icons` SVG the build copies to `/flags/{code}.svg`
 * (emoji flags show as two letters on Windows), named for screen readers.
 */
export function Flag({ code }: { code: string | null }) {
  if (!code || !/^[a-z]{2}$/i.test(code)) return null;
  return (
    <img
      className="flag"
      src={`/flags/${code.toLowerCase()}.svg`}
      alt={`Flag: ${code.toUpperCase()}`}
      width={20}
      height={15}
      loading="lazy"
    />
  );
}
