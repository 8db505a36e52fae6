/**
 * Consecutive transport failures open an upstream's circuit for a cool-down, so new
 * purchases route to the next upstream. After the cool-down one trial is let
 * through (half-open); a success closes the circuit again.
 */
export class CircuitBreaker {
  private readonly state = new Map<string, { failures: number; openUntil: number }>();

  constructor(
    private readonly threshold = 5,
    private readonly coolDownMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  allows(name: string): boolean {
    const s = this.state.get(name);
    return !s || s.openUntil <= this.now();
  }

  /** How long until an open circuit lets a trial through (0 when it already would). */
  reopensInMs(name: string): number {
    const s = this.state.get(name);
    return s ? Math.max(0, s.openUntil - this.now()) : 0;
  }

  recordSuccess(name: string): void {
    this.state.delete(name);
  }

  recordTransportFailure(name: string): void {
    const s = this.state.get(name) ?? { failures: 0, openUntil: 0 };
    s.failures += 1;
    if (s.failures >= this.threshold) s.openUntil = this.now() + this.coolDownMs;
    this.state.set(name, s);
  }

  snapshot(name: string): {
    state: 'closed' | 'open' | 'half-open';
    failures: number;
    open_until: string | null;
  } {
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
