import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/** The project's resources/ folder, found from this file whether run from source or from dist/. */
export function resourcesDir() {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 5; i++) {
        const candidate = join(dir, 'resources');
        if (existsSync(join(candidate, 'catalog')))
            return candidate;
        dir = dirname(dir);
    }
    throw new Error('resources/catalog not found next to the VendPoint code');
}
/** The built console (renderer/dist), if it has been built. */
export function rendererDistDir() {
    const res = resourcesDir();
    const dist = join(dirname(res), 'renderer', 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : null;
}
//# sourceMappingURL=resources.js.map