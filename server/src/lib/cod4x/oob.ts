// Quake 3 / CoD4 "out of band" datagrams: four 0xFF bytes, then text. Every connectionless exchange with a
// CoD4x server (getstatus, getinfo, rcon and its `print` answers) is framed this way. CoD4 text is latin1.

export const OOB_HEADER = Buffer.from([0xff, 0xff, 0xff, 0xff]);

/** `FF FF FF FF` + text (latin1). */
export function encodeOob(text: string): Buffer {
  return Buffer.concat([OOB_HEADER, Buffer.from(text, 'latin1')]);
}

/** The text after the 0xFF header, or null when the datagram is not out-of-band. */
export function decodeOob(datagram: Buffer): string | null {
  if (datagram.length < 4 || !datagram.subarray(0, 4).equals(OOB_HEADER)) return null;
  return datagram.subarray(4).toString('latin1');
}

/**
 * Makes a value safe to put in one rcon command line: CoD4x reads the command up to the first newline or NUL
 * (`MSG_ReadStringLine`), and quotes delimit arguments, so those characters (and `;`, `\`, `%` which the
 * console and info strings treat specially) are dropped. The result is wrapped in quotes.
 */
export function quoteArg(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/[\u0000-\u001f\u007f"\\;%]/g, '').slice(0, 250)}"`;
}
