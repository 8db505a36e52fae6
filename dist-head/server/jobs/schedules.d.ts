import { type ScheduledTask } from 'node-cron';
import type { Services } from '../services/context.js';
export interface ScheduleHandle {
    stop(): Promise<void>;
    tasks: Record<string, ScheduledTask>;
}
/**
 * node-cron schedules of a running node (DESIGN "Schedules"). The pending poller ticks
 * every 5 seconds and requeries whatever is due by its backoff; other jobs add themselves
 * through `extra`.
 */
export declare function startSchedules(s: Services, log: {
    error: (o: object, m: string) => void;
}, extra?: Record<string, {
    expression: string;
    run: () => Promise<unknown>;
}>): ScheduleHandle;
