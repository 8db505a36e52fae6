/** `report run` lands with the daily reports (issue 8); until then it says so and fails. */
export async function runReportsCommand(_o: { dataDir: string; date: string; send: boolean; code?: string; smtpUrl: string | null; actor: string }): Promise<{ ok: boolean; json: unknown; human: string }> {
  return { ok: false, json: { reports: [], error: 'daily reports are not implemented yet' }, human: 'daily reports are not implemented yet' };
}
