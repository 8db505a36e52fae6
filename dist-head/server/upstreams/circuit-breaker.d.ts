/**
 * Consecutive transport failures open an upstream's circuit for a cool-down, so new
 * purchases route to the next upstream (issue 5). After the cool-down one trial is let
 * through (half-open); a success closes the circuit again.
 */
export declare class CircuitBreaker {
    private readonly threshold;
    private readonly coolDownMs;
    private readonly now;
    private readonly state;
    constructor(threshold?: number, coolDownMs?: number, now?: () => number);
    allows(name: string): boolean;
    recordSuccess(name: string): void;
    recordTransportFailure(name: string): void;
    snapshot(name: string): {
        state: 'closed' | 'open' | 'half-open';
        failures: number;
        open_until: string | null;
    };
}
