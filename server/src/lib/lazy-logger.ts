// Fastify's `childLoggerFactory`: a request's logger (`request.log`, bound to its request id) made only when
// the request logs something other than its request line. Fastify makes one per request; pino's `child`
// serializes the bindings and builds a logger object each time, work most requests never use (their one
// line is written directly, see RequestLog in app.ts).
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogArgs = Parameters<FastifyBaseLogger['info']>;

class LazyChildLogger {
  #real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }

  error(...args: LogArgs): void {
    this.real.error(...args);
  }

  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }

  info(...args: LogArgs): void {
    this.real.info(...args);
  }

  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }

  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }

  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...args);
  }
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);
