import { FetchFailedError } from '../../ports/web.js';

const MEGABYTE = 1024 * 1024;

/**
 * Reads a response body, stopping (and cancelling the stream) as soon as it passes `maxBytes`, so a huge or
 * endless body costs at most that much memory. Bytes are counted after decompression.
 */
export async function readLimitedBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  url: string,
): Promise<Buffer> {
  if (body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      const limit = maxBytes % MEGABYTE === 0 ? `${maxBytes / MEGABYTE} MB` : `${maxBytes} bytes`;
      throw new FetchFailedError('tooLarge', `the body of ${url} is larger than ${limit}`);
    }
    chunks.push(value);
  }
}

/** Decodes a body with the charset its content type names, UTF-8 when it names none or an unknown one. */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
