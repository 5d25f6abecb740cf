// What a CoD4x server-side demo looks like (src/sv_demo.c of callofduty4x/CoD4x_Server): `SV_RecordClient`
// writes the byte 2, the protocol as a 32-bit little-endian integer, -1 (no length), two reserved zeros and
// then messages (a 0 byte, the sequence, the length, the bytes); `SV_StopRecord` ends the file with a 0 byte
// and -1 twice. With `sv_autodemorecord 1` the name is `demos/demo_<playerid>_<0000-9999>.dm_1`.

const HEADER_BYTES = 17;
const TRAILER = Buffer.from([0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** True when the bytes have a completed CoD4x demo's header and trailer. */
export function isCod4Demo(bytes: Buffer): boolean {
  if (bytes.length < HEADER_BYTES + TRAILER.length) return false;
  const protocol = bytes.readInt32LE(1);
  return (
    bytes[0] === 2 &&
    protocol > 0 &&
    protocol < 1000 &&
    bytes.readInt32LE(5) === -1 &&
    bytes.readInt32LE(9) === 0 &&
    bytes.readInt32LE(13) === 0 &&
    bytes.subarray(bytes.length - TRAILER.length).equals(TRAILER)
  );
}

/** The player id in an automatic demo's name (`demo_<playerid>_0003.dm_1`), or null for another name. */
export function demoPlayerId(fileName: string): string | null {
  const m = /^demo_(.+)_\d{4}\.dm_\d+$/.exec(fileName);
  return m?.[1] ?? null;
}

/** The request id in a server screenshot's name (`versus_<id>_0000.jpg`, as the platform asks for it). */
export function screenshotRequestId(fileName: string): number | null {
  const m = /^versus_(\d{1,9})_\d{4}\.jpg$/.exec(fileName);
  return m ? Number(m[1]) : null;
}
