import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;

/**
 * Fastify makes a pino child logger (bound to the request id) for every request, which costs
 * more than a whole status lookup. This one builds the child only when a message at an enabled
 * level is actually written, so logs still carry the request id.
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: object,
  ) {}

  get level(): string {
    return this.parent.level;
  }
  set level(value: string) {
    this.logger().level = value;
  }

  private logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.opts));
  }

  private write(level: Level, args: unknown[]): void {
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
    if (parent.isLevelEnabled && !parent.isLevelEnabled(level)) return;
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...a: unknown[]) {
    this.write('fatal', a);
  }
  error(...a: unknown[]) {
    this.write('error', a);
  }
  warn(...a: unknown[]) {
    this.write('warn', a);
  }
  info(...a: unknown[]) {
    this.write('info', a);
  }
  debug(...a: unknown[]) {
    this.write('debug', a);
  }
  trace(...a: unknown[]) {
    this.write('trace', a);
  }
  silent() {}
  child(bindings: Bindings, opts?: object): FastifyBaseLogger {
    return this.logger().child(bindings, opts);
  }
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  opts: object,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, opts) as unknown as FastifyBaseLogger;
}
