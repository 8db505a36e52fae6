import { prep } from './db.js';
export function getSetting(db, key, fallback) {
    const r = prep(db, 'SELECT value FROM settings WHERE key = ?').get(key);
    return r ? JSON.parse(r.value) : fallback;
}
export function setSetting(db, key, value) {
    prep(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}
//# sourceMappingURL=settings.js.map