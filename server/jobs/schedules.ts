import cron, { type ScheduledTask } from 'node-cron';
import type { Services } from '../services/context.js';
import { businessTimezone } from '../store/settings.js';

export interface ScheduleHandle {
  /** Stops the jobs, except those named in `keep`, which run on until a later call stops them. */
  stop(keep?: readonly string[]): Promise<void>;
  tasks: Record<string, ScheduledTask>;
}

/**
 * node-cron schedules of a running node (DESIGN "Schedules"). The pending poller ticks
 * every 5 seconds and requeries whatever is due by its backoff; other jobs add themselves
 * through `extra`.
 */
export function startSchedules(
  s: Services,
  log: { error: (o: object, m: string) => void },
  extra: Record<string, { expression: string; run: () => Promise<unknown> }> = {},
): ScheduleHandle {
  const tasks: Record<string, ScheduledTask> = {};
  // Cron expressions read in the business timezone as it is at start; a changed setting takes effect at the next start.
  const timezone = businessTimezone(s.db);
  const busy = new Set<string>();
  const add = (name: string, expression: string, run: () => Promise<unknown>) => {
    tasks[name] = cron.schedule(
      expression,
      async () => {
        if (busy.has(name)) return; // never overlap a slow run with the next tick
        busy.add(name);
        try {
          await run();
        } catch (err) {
          log.error({ err, job: name }, 'scheduled job failed');
        } finally {
          busy.delete(name);
        }
      },
      { name, timezone },
    );
  };
  add('pending-poller', '*/5 * * * * *', () => s.worker.pollDue());
  for (const [name, job] of Object.entries(extra)) add(name, job.expression, job.run);
  return {
    tasks,
    async stop(keep = []) {
      for (const [name, t] of Object.entries(tasks)) {
        if (keep.includes(name)) continue;
        await t.stop();
        delete tasks[name];
      }
    },
  };
}
