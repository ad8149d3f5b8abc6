import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { HIDDEN_VALUE, maskNumbersInText } from '../../engine/rules/index.ts';

/** Query parameters that carry what a parent typed about a child (the school search: name, address). */
const TYPED_IN_QUERY = /([?&](?:name|address|schoolName)=)[^&#]*/g;

/** Masks phone and ID numbers in free text such as a URL (`?phoneNum=13800138000`), and the school search's typed name and address. */
export function maskPersonalData(text: string): string {
  return maskNumbersInText(text).replace(TYPED_IN_QUERY, (_, key: string) => `${key}${HIDDEN_VALUE}`);
}

/** Stack frames only: the first stack line repeats the message, which may carry data. */
function framesOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/**
 * Pino serializer of `err`. Drizzle's query errors carry the bound parameters
 * (names, ID numbers, schools in jsonb) in `params`, in the message and in the
 * stack: only the SQL text, codes and frames are kept. Other messages are masked.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: maskPersonalData(String(error)), stack: '' };
  const isQueryError = 'query' in error && 'params' in error;
  const out: SerializedError = {
    type: error.name,
    message: isQueryError ? 'Failed query' : maskPersonalData(error.message),
    stack: framesOf(error.stack),
  };
  if (isQueryError) out.query = String((error as { query: unknown }).query);
  for (const key of ['code', 'constraint', 'statusCode'] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, unknown>;
}

/**
 * Pino options: request URLs and errors are masked (query strings carry phone
 * numbers, query errors carry parameters), credentials are redacted wherever
 * they might appear. Bodies are never logged.
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
      err: (error: unknown) => serializeError(error),
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

/** Which completed requests are logged (Fastify's own two lines per request are off, see {@link installRequestLog}). */
export interface RequestLogPolicy {
  /** Fraction of ordinary requests logged at info: 1 every request, 0.01 one in a hundred, 0 none. */
  sampleRate: number;
  /** A request slower than this is always logged, at warn. */
  slowMs: number;
  /** The sampling draw; Math.random by default (tests pass a fixed one). */
  random?: () => number;
}

/**
 * One line per completed request (method, masked URL, status, response time)
 * instead of Fastify's two: server errors (5xx) always, at error; slow
 * requests always, at warn; the others at info for `sampleRate` of them.
 * Production samples (LOG_REQUEST_SAMPLE, 0.01 by default): logging every
 * request at info cost most of a quote's throughput.
 *
 * Given to Fastify as its `logController` (app.ts): Fastify calls
 * `requestCompleted` for every finished response of every route (it listens
 * for the response's end whenever the app has a logger), so the line costs no
 * `onResponse` hook of its own on each request. Fastify's other request lines
 * (incoming request, its default error log) stay off, as with
 * `disableRequestLogging`: the error handler logs errors itself, masked.
 */
export class RequestLog extends LogController {
  readonly #policy: RequestLogPolicy;
  readonly #random: () => number;

  constructor(policy: RequestLogPolicy) {
    super({ disableRequestLogging: true });
    this.#policy = policy;
    this.#random = policy.random ?? Math.random;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    const status = reply.statusCode;
    const line = { req: request, res: { statusCode: status }, responseTime };
    // A response that failed while being written (the socket broke) is logged like a server error.
    if (status >= 500 || error) request.log.error(error ? { ...line, err: error } : line, 'request completed');
    else if (responseTime >= this.#policy.slowMs) request.log.warn(line, 'slow request');
    else if (this.#policy.sampleRate > 0 && this.#random() < this.#policy.sampleRate) request.log.info(line, 'request completed');
  }
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogFn = FastifyBaseLogger['info'];

/**
 * A request's logger (`request.log`), the pino child with the request id made
 * on its first line only. Fastify made that child for every request, and
 * pino's `child` rebuilds its formatters and bindings each time; most requests
 * log nothing (one in a hundred sampled in production), so the quote paid for
 * a logger it never used. Every line still carries the request id
 * and goes through the same serializers and redaction.
 */
export class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made now if no line was written yet. */
  made(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#made?.level ?? this.#options?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  // Each line goes to the child, made on the first one (prototype methods: nothing allocated per request).
  fatal(...line: Parameters<LogFn>): void {
    this.made().fatal(...line);
  }
  error(...line: Parameters<LogFn>): void {
    this.made().error(...line);
  }
  warn(...line: Parameters<LogFn>): void {
    this.made().warn(...line);
  }
  info(...line: Parameters<LogFn>): void {
    this.made().info(...line);
  }
  debug(...line: Parameters<LogFn>): void {
    this.made().debug(...line);
  }
  trace(...line: Parameters<LogFn>): void {
    this.made().trace(...line);
  }
  silent(...line: Parameters<LogFn>): void {
    this.made().silent(...line);
  }
}

/** Fastify's `childLoggerFactory`: {@link RequestLogger}. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => new RequestLogger(logger, bindings, options);
