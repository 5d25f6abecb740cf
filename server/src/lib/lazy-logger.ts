// Fastify's `childLoggerFactory`: a request's logger (`request.log`, bound to its request id) made only when
// the request logs something other than its request line. Fastify makes one per request; pino's `child`
// serializes the bindings and builds a logger object each time, work most requests never use (their one
// line is written directly, see RequestLog in app.ts).
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/** The logging methods; each makes the real child logger on its first call and hands its arguments on. */
const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LevelMethod = (typeof LEVEL_METHODS)[number];

// The methods are added below, one loop for all seven.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
interface LazyChildLogger extends Record<LevelMethod, (...args: LogArgs) => void> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class LazyChildLogger {
  #real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...args);
  }
}

for (const method of LEVEL_METHODS) {
  LazyChildLogger.prototype[method] = function (this: LazyChildLogger, ...args: LogArgs): void {
    this.real[method](...args);
  };
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);
