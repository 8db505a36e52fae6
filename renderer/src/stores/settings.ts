import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Body } from '../api/types.js';
import type { AuditEntry, BackupInfo, NewBackupInfo, NodeInfo, ReportSettingsInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

/** A change to the report settings, as the node's schema takes it. */
export type ReportSettingsPatch = Body<'/console/report-settings', 'put'>;

/** The node (read-only), report and e-mail settings, backups, and the audit log. */
export const useSettingsStore = defineStore('settings', () => {
  const node = ref<NodeInfo | null>(null);
  const reports = ref<ReportSettingsInfo | null>(null);
  const backups = ref<BackupInfo[]>([]);
  const lastBackup = ref<NewBackupInfo | null>(null);
  const audit = ref<AuditEntry[]>([]);
  const { busy, error, notice, run } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      const [n, r, b, a] = await Promise.all([
        api.get('/console/admin/node'),
        api.get('/console/report-settings'),
        api.get('/console/admin/backups'),
        api.get('/console/admin/audit', { query: { limit: 15 } }),
      ]);
      node.value = n;
      reports.value = r;
      backups.value = b.backups;
      audit.value = a.entries;
    });
  }

  /**
   * The audit log again, after a change this page made: the new entry shows at once. A failed
   * read keeps the list on screen; the change itself has already been reported.
   */
  async function refreshAudit(): Promise<void> {
    const a = await api.get('/console/admin/audit', { query: { limit: 15 } }).catch(() => null);
    if (a) audit.value = a.entries;
  }

  /** Only the fields given are sent: an SMTP URL is sent only when the admin typed a new one. */
  async function saveReports(patch: ReportSettingsPatch): Promise<boolean> {
    const r = await run(
      () => api.put('/console/report-settings', { body: patch }),
      'Report settings saved; the next run uses them.',
    );
    if (r) {
      reports.value = r;
      await refreshAudit();
    }
    return r !== null;
  }

  /** A backup under way: its card says so (a large database takes seconds to copy and check). */
  const backingUp = ref(false);

  async function backupNow(): Promise<void> {
    // The backup card says where it went; no second message at the top.
    backingUp.value = true;
    const r = await run(() => api.post('/console/admin/backups')).finally(() => (backingUp.value = false));
    if (!r) return;
    lastBackup.value = r;
    backups.value = [r, ...backups.value.filter((b) => b.file !== r.file)];
    await refreshAudit();
  }

  return {
    node,
    reports,
    backups,
    lastBackup,
    audit,
    busy,
    backingUp,
    error,
    notice,
    load,
    saveReports,
    backupNow,
  };
});
