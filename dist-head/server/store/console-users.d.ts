import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
export type ConsoleRole = 'admin' | 'agent';
export interface ConsoleUser {
    id: number;
    merchantId: number;
    username: string;
    role: ConsoleRole;
    active: boolean;
    dailySalesLimitKobo: number | null;
    createdAt: string;
}
/** A user row with its password hash: only the login path reads it. */
export interface ConsoleUserWithHash extends ConsoleUser {
    passwordHash: string;
}
export interface ConsoleSession {
    idHash: string;
    user: ConsoleUser;
    csrfToken: string;
    environment: Environment;
    expiresAt: number;
}
export declare function countConsoleUsers(db: Db): number;
export interface NewConsoleUser {
    merchantId: number;
    username: string;
    role: ConsoleRole;
    passwordHash: string;
    dailySalesLimitKobo?: number | null;
}
/** Creates a console user (admin action), audited. The password arrives already hashed. */
export declare function createConsoleUser(db: Db, input: NewConsoleUser, actor: string): ConsoleUser;
/**
 * First-run setup: creates the first admin only while there are no users at all. The check
 * and the insert share one immediate transaction, so two racing setup calls cannot both win.
 */
export declare function createFirstAdmin(db: Db, input: Omit<NewConsoleUser, 'role'>): ConsoleUser;
export declare function getConsoleUserById(db: Db, id: number): ConsoleUser | null;
export declare function findConsoleUserForLogin(db: Db, username: string): ConsoleUserWithHash | null;
export declare function listConsoleUsers(db: Db): ConsoleUser[];
/** Usernames by id, for receipts and history rows that name the selling agent. */
export declare function consoleUsernames(db: Db, ids: number[]): Map<number, string>;
export declare function createConsoleSession(db: Db, input: {
    idHash: string;
    userId: number;
    csrfToken: string;
    environment: Environment;
    expiresAt: number;
}): void;
/** The live session for a token hash, with its (active) user; null when expired or unknown. */
export declare function findConsoleSession(db: Db, idHash: string, nowMs: number): ConsoleSession | null;
export declare function deleteConsoleSession(db: Db, idHash: string): void;
export declare function setSessionEnvironment(db: Db, idHash: string, environment: Environment): void;
