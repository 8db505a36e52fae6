import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../../services/context.js';
import { listAuditEntries } from '../../store/admin-queries.js';
import { backupDir, backupNow, backupPath, listBackups } from '../../services/admin-backup.js';
import { recordAudit } from '../../store/audit.js';
import { adminActor } from './admin-guard.js';
import { AuditPageQuery } from '../schema-blocks.js';

const hide = { hide: true } as const;

/**
 * Settings beside the report settings of reports.ts: where the node runs (read-only:
 * port and data directory are start-up flags), "backup now", the backups, and the audit log.
 */
export function registerAdminSettingsRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/admin/node', { schema: hide }, async (request) => {
    const address = request.server.server.address();
    const port = typeof address === 'object' && address ? address.port : s.config.port;
    return {
      host: s.config.host,
      port,
      url: `${request.protocol}://${request.host}`,
      data_dir: s.config.dataDir,
      database_file: join(s.config.dataDir, 'vendpoint.db'),
      secret_key_file: join(s.config.dataDir, 'secret.key'),
      backup_dir: backupDir(s),
      allowed_hosts: s.config.allowedHosts,
      smtp_flag_set: Boolean(s.config.smtpUrl),
      schedules: s.config.schedules,
      started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    };
  });

  app.get('/console/admin/backups', { schema: hide }, async () => ({ backups: listBackups(s) }));

  app.post('/console/admin/backups', { schema: hide }, async (request, reply) =>
    reply.status(201).send(await backupNow(s, adminActor(request))),
  );

  // A backup holds every merchant's data (hashed credentials, sealed secrets): admins only, audited.
  app.get('/console/admin/backups/:file', { schema: hide }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const path = backupPath(s, file);
    recordAudit(s.db, adminActor(request), 'backup.download', file);
    return reply
      .type('application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(createReadStream(path));
  });

  app.get('/console/admin/audit', { schema: { ...hide, querystring: AuditPageQuery } }, async (request) => {
    const q = request.query as { subject?: string; limit?: string };
    const limit = Number(q.limit ?? 100);
    return { entries: listAuditEntries(s.db, { subject: q.subject?.slice(0, 100) || undefined, limit }) };
  });
}
