/** A user's or team's picture; decorative, since the name always stands next to it. */
export function Avatar({ src, size = 32 }: { src: string | null; size?: number }) {
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="avatar avatar-empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
