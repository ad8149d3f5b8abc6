import type { FastifyServerOptions } from 'fastify';
import { maskIdNumber, maskPhone } from '../../engine/rules/index.ts';

const PHONE_IN_TEXT = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g;
const ID_IN_TEXT = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;

/** Masks phone and ID numbers in free text such as a URL (`?phoneNum=13800138000`). */
export function maskPersonalData(text: string): string {
  return text.replace(ID_IN_TEXT, (m) => maskIdNumber(m)).replace(PHONE_IN_TEXT, (m) => maskPhone(m));
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, unknown>;
}

/**
 * Pino options: request URLs are masked (query strings carry phone numbers),
 * credentials are redacted wherever they might appear. Bodies are never logged.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-resub-token"]',
        'res.headers.access_token',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: RequestLike) {
        return {
          method: request.method,
          url: maskPersonalData(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
