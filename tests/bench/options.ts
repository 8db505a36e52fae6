/** The bench's command line, parsed once (see run.ts for the flags). */
const args = process.argv.slice(2);
const value = (flag: string): string | undefined =>
  args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined;
const num = (flag: string, fallback: number): number => Number(value(flag)) || fallback;

/** `--only webhooks` (the first round's flag) is an alias of `--scenarios webhooks`. */
const scenarioList = value('--scenarios') ?? value('--only');

export const opts = {
  asJson: args.includes('--json'),
  duration: num('--duration', 6),
  rounds: num('--rounds', 3),
  /** Stored rows of the list, memory and start-up scenarios. */
  rows: num('--rows', 1_000_000),
  /** Stored rows the growth scenario compares with `rows` (`--growth-rows`, default 10 × rows). */
  growthRows: num('--growth-rows', 10 * num('--rows', 1_000_000)),
  /** Purchases in the reconciled day (`--reconcile-rows`). */
  reconcileRows: num('--reconcile-rows', 100_000),
  /** `--cpu-prof DIR`: every node server writes a V8 CPU profile there when it stops. */
  profileDir: value('--cpu-prof'),
  scenarios: scenarioList ? new Set(scenarioList.split(',').map((s) => s.trim())) : null,
  connections: 50,
};

export const log = (m: string): void => {
  if (!opts.asJson) console.error(m);
};

/** Whether a scenario was asked for (every one when there is no filter). */
export const wanted = (name: string): boolean => opts.scenarios === null || opts.scenarios.has(name);
