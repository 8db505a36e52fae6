/**
 * Fastify makes a pino child logger (bound to the request id) for every request, which costs
 * more than a whole status lookup. This one builds the child only when a message at an enabled
 * level is actually written, so logs still carry the request id.
 */
class LazyChildLogger {
    parent;
    bindings;
    opts;
    real = null;
    constructor(parent, bindings, opts) {
        this.parent = parent;
        this.bindings = bindings;
        this.opts = opts;
    }
    get level() {
        return this.parent.level;
    }
    set level(value) {
        this.logger().level = value;
    }
    logger() {
        return (this.real ??= this.parent.child(this.bindings, this.opts));
    }
    write(level, args) {
        const parent = this.parent;
        if (parent.isLevelEnabled && !parent.isLevelEnabled(level))
            return;
        this.logger()[level](...args);
    }
    fatal(...a) {
        this.write('fatal', a);
    }
    error(...a) {
        this.write('error', a);
    }
    warn(...a) {
        this.write('warn', a);
    }
    info(...a) {
        this.write('info', a);
    }
    debug(...a) {
        this.write('debug', a);
    }
    trace(...a) {
        this.write('trace', a);
    }
    silent() { }
    child(bindings, opts) {
        return this.logger().child(bindings, opts);
    }
}
export function lazyChildLogger(parent, bindings, opts) {
    return new LazyChildLogger(parent, bindings, opts);
}
//# sourceMappingURL=lazy-child-logger.js.map