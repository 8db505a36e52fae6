import cron from 'node-cron';
/**
 * node-cron schedules of a running node (DESIGN "Schedules"). The pending poller ticks
 * every 5 seconds and requeries whatever is due by its backoff; other jobs add themselves
 * through `extra`.
 */
export function startSchedules(s, log, extra = {}) {
    const tasks = {};
    const busy = new Set();
    const add = (name, expression, run) => {
        tasks[name] = cron.schedule(expression, async () => {
            if (busy.has(name))
                return; // never overlap a slow run with the next tick
            busy.add(name);
            try {
                await run();
            }
            catch (err) {
                log.error({ err, job: name }, 'scheduled job failed');
            }
            finally {
                busy.delete(name);
            }
        }, { name, timezone: 'Africa/Lagos' });
    };
    add('pending-poller', '*/5 * * * * *', () => s.worker.pollDue());
    for (const [name, job] of Object.entries(extra))
        add(name, job.expression, job.run);
    return {
        tasks,
        async stop() {
            for (const t of Object.values(tasks))
                await t.stop();
        },
    };
}
//# sourceMappingURL=schedules.js.map