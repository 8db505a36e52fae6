import type { Db } from './db.js';
import { recordAudit } from './audit.js';
import { InvalidInput } from '../domain/errors.js';
import { getSetting, setSetting, SETTINGS } from './settings.js';
import { parseTimeOfDay } from '../domain/business-days.js';
import { recipientProblem } from '../../common/email-address.js';

/** When the daily run starts (local HH:MM in the business timezone) and who gets its e-mail. */
export interface ReconciliationSettings {
  runTime: string;
  operatorEmails: string[];
}

export function getReconciliationSettings(db: Db): ReconciliationSettings {
  return {
    runTime: getSetting(db, SETTINGS.reconciliationRunTime),
    operatorEmails: getSetting(db, SETTINGS.reconciliationOperatorEmails),
  };
}

export function setReconciliationSettings(
  db: Db,
  input: Partial<ReconciliationSettings>,
  actor: string,
): ReconciliationSettings {
  if (input.runTime !== undefined) parseTimeOfDay(input.runTime, 'run_time');
  for (const e of input.operatorEmails ?? []) {
    const problem = recipientProblem(e);
    if (problem) throw new InvalidInput(`"${e}" ${problem}`, 'operator_emails');
  }
  db.transaction(() => {
    if (input.runTime !== undefined) setSetting(db, SETTINGS.reconciliationRunTime, input.runTime);
    if (input.operatorEmails !== undefined)
      setSetting(db, SETTINGS.reconciliationOperatorEmails, input.operatorEmails);
    recordAudit(db, actor, 'reconciliation.settings', 'reconciliation', input);
  }).immediate();
  return getReconciliationSettings(db);
}
