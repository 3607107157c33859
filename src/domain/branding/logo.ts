import type { LogoType } from './events.js';

export const MAX_LOGO_BYTES = 256 * 1024;
export const MAX_LOGO_SIDE = 1024;

export const LOGO_TYPES: readonly LogoType[] = ['image/png', 'image/jpeg'];

/** What reading the image's header found: its format and size, or nothing readable. */
export type MeasuredImage = { type: string; width: number; height: number } | null;

/** The last bytes of a whole file: PNG's IEND chunk with its CRC, JPEG's end-of-image marker. */
const ENDINGS: Record<LogoType, Buffer> = {
  'image/png': Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  'image/jpeg': Buffer.from([0xff, 0xd9]),
};

/** The format the header reader names for each accepted type. */
const MEASURED_TYPE: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

const endsWhole = (type: LogoType, bytes: Buffer): boolean => bytes.subarray(-ENDINGS[type].length).equals(ENDINGS[type]);

export type LogoCheck = { accepted: { contentType: LogoType; width: number; height: number } } | { refused: string };

/**
 * Whether an uploaded logo is accepted: the declared type must be PNG or JPEG, the file at most 256 KB, its header
 * readable, of the declared format and at most 1024 × 1024 pixels, and the file whole; a refusal says why.
 */
export function checkLogo(contentType: string, bytes: Buffer, measured: MeasuredImage): LogoCheck {
  const type = LOGO_TYPES.find((accepted) => accepted === contentType.split(';')[0]?.trim().toLowerCase());
  const refuse = (refused: string): LogoCheck => ({ refused });
  if (!type) return refuse(`A logo is a PNG or JPEG image, sent with Content-Type image/png or image/jpeg (not ${contentType || 'none'})`);
  if (bytes.length === 0) return refuse('The logo is empty');
  if (bytes.length > MAX_LOGO_BYTES) return refuse(`A logo may hold at most ${MAX_LOGO_BYTES} bytes (256 KB); this one holds ${bytes.length}`);
  if (measured === null) return refuse(`The logo's header is not that of an image (${type})`);
  if (measured.type !== MEASURED_TYPE[type]) return refuse(`The logo was sent as ${type} but its header is that of ${measured.type}`);
  const { width, height } = measured;
  if (width < 1 || height < 1 || width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    return refuse(`A logo may measure at most ${MAX_LOGO_SIDE} × ${MAX_LOGO_SIDE} pixels; its header says ${width} × ${height}`);
  }
  if (!endsWhole(type, bytes)) return refuse(`The logo is not a whole ${type} file: it does not end as one`);
  return { accepted: { contentType: type, width, height } };
}
