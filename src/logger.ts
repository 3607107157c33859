import { pino, type Logger } from 'pino';

/**
 * Structured logs on stderr (stdout belongs to the CLI's `--json` output). Secrets are redacted by path
 * wherever they could appear: request headers, command inputs and errors.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.key',
  '*.token',
  '*.apiKey',
  '*.accessToken',
  '*.refreshToken',
  '*.clientSecret',
  'password',
  'key',
  'token',
];

export function createLogger(level: string, destination: number = 2): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, pino.destination({ fd: destination, sync: false }));
}
