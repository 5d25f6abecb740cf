// Image type by content (magic bytes), never by file name or the declared content type.

export type ImageType =
  { contentType: 'image/png'; extension: 'png' } | { contentType: 'image/jpeg'; extension: 'jpg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * PNG: the 8-byte signature followed by the IHDR chunk (as every valid PNG starts). JPEG: SOI `FF D8` and a
 * marker byte `FF`. Anything else is null.
 */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  ) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg' };
  }
  return null;
}
