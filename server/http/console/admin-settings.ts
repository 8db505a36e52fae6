import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../../services/context.js';
import { listAuditEntries } from '../../store/admin-queries.js';
import { backupDir, backupNow, backupPath, listBackups } from '../../services/admin-backup.js';
import { recordAudit } from '../../store/audit.js';
import { adminActor } from './admin-guard.js';
import { Type, type TSchema } from '@sinclair/typebox';
import { answer, consoleErrors, typed } from './contract.js';
import { AuditEntry, BackupInfo, BackupMade, NodeInfo } from './admin-schemas.js';
import { AuditPageQuery } from '../schema-blocks.js';

const created = <T extends TSchema>(t: T) => ({ 201: t, ...consoleErrors });
const tags = ['admin: settings'];

/**
 * Settings beside the report settings of reports.ts: where the node runs (read-only:
 * port and data directory are start-up flags), "backup now", the backups, and the audit log.
 */
export function registerAdminSettingsRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get('/console/admin/node', { schema: { tags, response: answer(NodeInfo) } }, async (request) => {
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

  app.get(
    '/console/admin/backups',
    { schema: { tags, response: answer(Type.Object({ backups: Type.Array(BackupInfo) })) } },
    async () => ({ backups: listBackups(s) }),
  );

  app.post(
    '/console/admin/backups',
    { schema: { tags, response: created(BackupMade) } },
    async (request, reply) => reply.status(201).send(await backupNow(s, adminActor(request))),
  );

  // A backup holds every merchant's data (hashed credentials, sealed secrets): admins only, audited.
  const fileSchema = {
    tags,
    params: Type.Object({ file: Type.String() }),
    response: {
      200: {
        description: 'SQLite backup file',
        content: { 'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } } },
      },
      ...consoleErrors,
    },
  };
  app.get('/console/admin/backups/:file', { schema: fileSchema }, async (request, reply) => {
    const file = request.params.file;
    const path = backupPath(s, file);
    recordAudit(s.db, adminActor(request), 'backup.download', file);
    return reply
      .type('application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(createReadStream(path));
  });

  const auditSchema = {
    tags,
    querystring: Type.Object({ subject: Type.Optional(Type.String()), ...AuditPageQuery.properties }),
    response: answer(Type.Object({ entries: Type.Array(AuditEntry) })),
  };
  app.get('/console/admin/audit', { schema: auditSchema }, async (request) => {
    const q = request.query;
    const limit = Number(q.limit ?? 100);
    return { entries: listAuditEntries(s.db, { subject: q.subject?.slice(0, 100) || undefined, limit }) };
  });
}
