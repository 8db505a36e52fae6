import type { Db } from './db.js';
import { recordAudit } from './audit.js';
import { InvalidInput } from '../domain/errors.js';
import { getSetting, setSetting } from './settings.js';
import { parseTimeOfDay } from '../domain/business-days.js';
import { isEmailAddress } from '../../common/email-address.js';

/** When the daily run starts (local HH:MM in the business timezone) and who gets its e-mail. */
export interface ReconciliationSettings {
  runTime: string;
  operatorEmails: string[];
}

export const RECONCILIATION_DEFAULTS: ReconciliationSettings = { runTime: '02:30', operatorEmails: [] };

export function getReconciliationSettings(db: Db): ReconciliationSettings {
  return {
    runTime: getSetting(db, 'reconciliation.run_time', RECONCILIATION_DEFAULTS.runTime),
    operatorEmails: getSetting(db, 'reconciliation.operator_emails', RECONCILIATION_DEFAULTS.operatorEmails),
  };
}

export function setReconciliationSettings(
  db: Db,
  input: Partial<ReconciliationSettings>,
  actor: string,
): ReconciliationSettings {
  if (input.runTime !== undefined) parseTimeOfDay(input.runTime, 'run_time');
  for (const e of input.operatorEmails ?? [])
    if (!isEmailAddress(e)) throw new InvalidInput(`"${e}" is not an e-mail address`, 'operator_emails');
  db.transaction(() => {
    if (input.runTime !== undefined) setSetting(db, 'reconciliation.run_time', input.runTime);
    if (input.operatorEmails !== undefined)
      setSetting(db, 'reconciliation.operator_emails', input.operatorEmails);
    recordAudit(db, actor, 'reconciliation.settings', 'reconciliation', input);
  }).immediate();
  return getReconciliationSettings(db);
}
