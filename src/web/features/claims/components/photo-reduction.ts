/**
 * Claim photos reduced in the browser before upload: a phone photo of a
 * receipt (4000 × 3000, 3–6 MB) is drawn again at most 2048 px on its long
 * side as a JPEG of quality 0.82, which keeps a receipt legible at a tenth of
 * the bytes. Drawing it again also drops every metadata block of the file
 * (EXIF, the GPS position among them): only pixels are encoded. A HEIC photo
 * cannot be drawn by most browsers; it is sent as taken, and the server
 * checks its type by its bytes (docs/claims.md).
 */
export const MAX_SIDE_PX = 2048;
export const JPEG_QUALITY = 0.82;

export interface ReducedPhoto {
  blob: Blob;
  filename: string;
  /** The file's bytes before, and what is uploaded. */
  before: number;
  after: number;
}

/** The scale that fits `width × height` within {@link MAX_SIDE_PX} (never enlarged). */
export function fitScale(width: number, height: number, maxSide = MAX_SIDE_PX): number {
  return Math.min(1, maxSide / Math.max(width, height));
}

/** The upload's file name: the original's with `.jpg` once it is re-encoded. */
export function reducedName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/** The photo as it is uploaded: re-encoded (smaller, without metadata) when the browser can draw it, else as taken. */
export async function reducePhoto(file: File): Promise<ReducedPhoto> {
  const asTaken = { blob: file as Blob, filename: file.name, before: file.size, after: file.size };
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== 'function') return asTaken;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return asTaken;
  }
  const scale = fitScale(bitmap.width, bitmap.height);
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return asTaken;
  // A transparent PNG becomes a white page, as a scanned receipt would be.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) return asTaken;
  return { blob, filename: reducedName(file.name), before: file.size, after: blob.size };
}
