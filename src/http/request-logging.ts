import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

const INFO = pino.levels.values.info!;

/**
 * One line per request, `request completed` at info, with the request id
 * (`reqId`), method, route pattern (never the URL, whose query may hold a
 * credential), status code and response time in ms; in place of Fastify's two
 * lines (`incoming request` with the whole request, `request completed`). Routes
 * with a `logLevel` above info are not logged: the health probes, presigned
 * downloads. Errors are logged where they are handled (error-handling.ts), and a
 * response that fails while it is sent as Fastify logs it (`request errored`).
 */
export class RequestLog extends LogController {
  constructor(private readonly log: FastifyBaseLogger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // The route's own level (request.log carries it), else the app's.
    if (!((pino.levels.values[request.log.level] ?? Infinity) <= INFO)) return;
    // Through the app's logger with the id, so the request needs no child logger (RequestLogger).
    this.log.info(
      {
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/**
 * `request.log`: a pino child bound to the request id, made when something logs
 * through it. Most requests never do (their one line is RequestLog's), and a pino
 * child per request (pino rebuilds every level method of a child, ≈ 2 µs) was 5 %
 * of GET /v1/contents' JavaScript time (`npx tsx bench/profile.ts`).
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** Fastify's `childLoggerFactory`. */
  static factory(this: void, parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new RequestLogger(parent, bindings, options);
  }

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }

  error(...args: unknown[]): void {
    Reflect.apply(this.logger.error, this.logger, args);
  }

  warn(...args: unknown[]): void {
    Reflect.apply(this.logger.warn, this.logger, args);
  }

  info(...args: unknown[]): void {
    Reflect.apply(this.logger.info, this.logger, args);
  }

  debug(...args: unknown[]): void {
    Reflect.apply(this.logger.debug, this.logger, args);
  }

  trace(...args: unknown[]): void {
    Reflect.apply(this.logger.trace, this.logger, args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
