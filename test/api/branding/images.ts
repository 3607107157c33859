import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A real PNG of `width` × `height` red pixels (8-bit RGB). `headerSays` writes other dimensions into its IHDR
 * (a header that lies about the pixels that follow); `padding` adds an ancillary chunk of that many bytes.
 */
export function png(width: number, height: number, options: { headerSays?: { width: number; height: number }; padding?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.headerSays?.width ?? width, 0);
  header.writeUInt32BE(options.headerSays?.height ?? height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xd0, 0x30, 0x20]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const padding = options.padding ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(options.padding, 0x61)]))] : [];
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), ...padding, chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** The markers of a baseline JPEG that carry its size: start of image, a frame header (SOF0) and end of image. */
export function jpegHeader(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

/** A 1 × 1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
