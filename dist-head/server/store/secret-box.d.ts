/**
 * Upstream secrets must be usable (we send them), so they cannot be hashed. They are sealed
 * with AES-256-GCM under a key file kept beside the database (mode 0600), so a copied
 * database file alone reveals no secret.
 */
export declare class SecretBox {
    private readonly key;
    private constructor();
    static forDataDir(dataDir: string): SecretBox;
    seal(plain: string): string;
    open(sealed: string): string;
}
