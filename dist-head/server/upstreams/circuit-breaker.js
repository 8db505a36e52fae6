/**
 * Consecutive transport failures open an upstream's circuit for a cool-down, so new
 * purchases route to the next upstream (issue 5). After the cool-down one trial is let
 * through (half-open); a success closes the circuit again.
 */
export class CircuitBreaker {
    threshold;
    coolDownMs;
    now;
    state = new Map();
    constructor(threshold = 5, coolDownMs = 30_000, now = Date.now) {
        this.threshold = threshold;
        this.coolDownMs = coolDownMs;
        this.now = now;
    }
    allows(name) {
        const s = this.state.get(name);
        return !s || s.openUntil <= this.now();
    }
    recordSuccess(name) {
        this.state.delete(name);
    }
    recordTransportFailure(name) {
        const s = this.state.get(name) ?? { failures: 0, openUntil: 0 };
        s.failures += 1;
        if (s.failures >= this.threshold)
            s.openUntil = this.now() + this.coolDownMs;
        this.state.set(name, s);
    }
    snapshot(name) {
        const s = this.state.get(name);
        if (!s || s.failures < this.threshold)
            return { state: 'closed', failures: s?.failures ?? 0, open_until: null };
        return {
            state: s.openUntil > this.now() ? 'open' : 'half-open',
            failures: s.failures,
            open_until: new Date(s.openUntil).toISOString(),
        };
    }
}
//# sourceMappingURL=circuit-breaker.js.map