import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
/** A closed shift of one agent in one environment (migration 006). */
export interface Cashup {
    id: number;
    userId: number;
    merchantId: number;
    environment: Environment;
    shiftStart: string;
    shiftEnd: string;
    salesCount: number;
    totalKobo: number;
    countedKobo: number | null;
    summary: Record<string, unknown>;
    note: string;
    closedBy: string;
    createdAt: string;
}
export declare function lastCashup(db: Db, userId: number, env: Environment): Cashup | null;
export declare function getCashup(db: Db, id: number): Cashup | null;
export declare function listCashups(db: Db, userId: number, limit?: number): Cashup[];
export type NewCashup = Omit<Cashup, 'id' | 'createdAt'> & {
    agentName: string;
};
/**
 * Records a closed shift, audited. The check that it starts where the agent's last shift in
 * this environment ended (or later) shares the transaction with the insert, so two admins
 * closing the same shift at once cannot both count its sales.
 */
export declare function recordCashup(db: Db, c: NewCashup): Cashup;
