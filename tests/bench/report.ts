/** One row of the target table as measured: text and JSON say the same thing. */
export interface TargetRow {
  scenario: string;
  /** The figure the target is about, e.g. "1.12x Fastify hello". */
  measured: string;
  target: string;
  pass: boolean;
}

/** A scenario's contribution: JSON figures (flat keys) and its rows of the target table. */
export interface Section {
  json: Record<string, number | string | boolean>;
  rows: TargetRow[];
  /** Extra lines for the text report (the raw figures behind the ratios). */
  lines: string[];
}

export const emptySection = (): Section => ({ json: {}, rows: [], lines: [] });

export function row(scenario: string, measured: string, target: string, pass: boolean): TargetRow {
  return { scenario, measured, target, pass };
}

/** The target table as text: scenario, measured, target, PASS/FAIL. */
export function printRows(rows: TargetRow[]): void {
  const w = Math.max(20, ...rows.map((r) => r.scenario.length));
  const m = Math.max(10, ...rows.map((r) => r.measured.length));
  console.log(`\n${'scenario'.padEnd(w)}  ${'measured'.padEnd(m)}  result  target`);
  for (const r of rows)
    console.log(
      `${r.scenario.padEnd(w)}  ${r.measured.padEnd(m)}  ${r.pass ? 'PASS' : 'FAIL'}    ${r.target}`,
    );
}
