/** The image type of uploaded bytes, recognised by their magic numbers (never by the name or the declared type). */
export function sniffImage(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** HEIC/HEIF: an ISO-BMFF `ftyp` box first, its major brand heic, heix or mif1. */
export function isHeic(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp' && ['heic', 'heix', 'mif1'].includes(bytes.toString('ascii', 8, 12));
}

/** The type of a claim photo (docs/claims.md): JPEG, PNG or HEIC by its bytes, else null (WebP, PDF, SVG, archives…). */
export function sniffClaimPhoto(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/heic' | null {
  if (isHeic(bytes)) return 'image/heic';
  const type = sniffImage(bytes);
  return type === 'image/jpeg' || type === 'image/png' ? type : null;
}
