import cron, { type ScheduledTask } from 'node-cron';
import type { Services } from '../services/context.js';
import { businessTimezone } from '../store/settings.js';
import { watchClockSteps } from './clock-watch.js';

export interface ScheduleHandle {
  /** Stops the jobs, except those named in `keep`, which run on until a later call stops them. */
  stop(keep?: readonly string[]): Promise<void>;
  tasks: Record<string, ScheduledTask>;
  /**
   * Reads again the schedules that are settings and moves a job whose schedule changed (the
   * `schedule-settings` task does it every 5 seconds); returns the names of the jobs moved.
   */
  refresh(): Promise<string[]>;
}

/** A job of `extra`: its node-cron expression, or a function for a schedule that is a setting. */
export interface ScheduledJob {
  expression: string | (() => string);
  run: () => Promise<unknown>;
}

/** How often schedules that are settings are read again: `settings set` applies without a restart. */
export const SCHEDULE_SETTINGS_CRON = '*/5 * * * * *';

/** How often the clock is checked for a step back (see the watch in startSchedules). */
export const CLOCK_WATCH_MS = 2_000;

/**
 * node-cron schedules of a running node (DESIGN "Schedules"). The pending poller ticks
 * every 5 seconds and requeries whatever is due by its backoff; other jobs add themselves
 * through `extra`.
 */
export function startSchedules(
  s: Services,
  log: { error: (o: object, m: string) => void; info?: (o: object, m: string) => void },
  extra: Record<string, ScheduledJob> = {},
): ScheduleHandle {
  const tasks: Record<string, ScheduledTask> = {};
  // Cron expressions read in the business timezone as it is at start; a changed setting takes effect at the next start.
  const timezone = businessTimezone(s.db);
  const busy = new Set<string>();
  const jobs: Record<string, { expression: string; run: () => Promise<unknown> }> = {};
  const add = (name: string, expression: string, run: () => Promise<unknown>) => {
    jobs[name] = { expression, run };
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
  const expressionOf = (job: ScheduledJob) =>
    typeof job.expression === 'function' ? job.expression() : job.expression;
  const current: Record<string, string> = {};
  for (const [name, job] of Object.entries(extra)) add(name, (current[name] = expressionOf(job)), job.run);
  const settable = Object.entries(extra).filter(([, job]) => typeof job.expression === 'function');
  async function refresh(): Promise<string[]> {
    const moved: string[] = [];
    for (const [name, job] of settable) {
      const expression = expressionOf(job);
      const old = tasks[name];
      // Gone: stopped meanwhile (the node is closing).
      if (expression === current[name] || !old) continue;
      // The new task is in place before anything awaits, so stop() sees one task per name. A run
      // of the old one in progress finishes; `busy` keeps the new one from overlapping it.
      add(name, (current[name] = expression), job.run);
      await old.destroy();
      log.info?.({ job: name, expression }, `${name} now runs on the schedule "${expression}"`);
      moved.push(name);
    }
    return moved;
  }
  if (settable.length) add('schedule-settings', SCHEDULE_SETTINGS_CRON, refresh);
  // node-cron waits for the clock to reach its next run's time: when NTP sets the clock back two
  // hours, every job (the pending poller, the daily reports) would wait two hours. Each task
  // starts again from the new time instead; `busy` keeps a run in progress from overlapping.
  const setBack = (backMs: number) => {
    for (const name of Object.keys(tasks)) {
      const old = tasks[name];
      add(name, jobs[name].expression, jobs[name].run);
      Promise.resolve(old.destroy()).catch((err: unknown) =>
        log.error({ err, job: name }, 'stopping a job failed'),
      );
    }
    // Pending sales' requeries were scheduled by the old time: they move back with it.
    s.worker
      .clockSetBack(backMs)
      .catch((err: unknown) => log.error({ err }, 'moving the requeries back failed'));
    // So were webhook retries.
    s.webhooks
      .clockSetBack(backMs)
      .catch((err: unknown) => log.error({ err }, 'moving the webhook retries back failed'));
    log.info?.(
      { back_ms: Math.round(backMs) },
      'the clock was set back: the schedules start again from the new time',
    );
  };
  // A pending sale's "no record" is final only once its provider had the grace since the send;
  // a jump forward is no time the provider had, so the send times move forward with it.
  const setForward = (forwardMs: number) => {
    s.worker
      .clockSetForward(forwardMs)
      .catch((err: unknown) => log.error({ err }, 'moving the send times forward failed'));
    log.info?.(
      { forward_ms: Math.round(forwardMs) },
      'the clock jumped forward: pending sends moved with it',
    );
  };
  const stopWatch = watchClockSteps(CLOCK_WATCH_MS, { setBack, setForward });
  return {
    tasks,
    refresh,
    async stop(keep = []) {
      for (const name of Object.keys(tasks)) {
        if (keep.includes(name)) continue;
        // Read and removed before awaiting: a refresh meanwhile finds the job gone, not replaced.
        const t = tasks[name];
        delete tasks[name];
        await t.stop();
      }
      if (Object.keys(tasks).length === 0) stopWatch();
    },
  };
}
