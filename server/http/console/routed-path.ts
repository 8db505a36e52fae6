import type { FastifyRequest } from 'fastify';

/**
 * The path as the router matched it. The router decodes the URL, so "/%63onsole/login" reaches
 * the /console/login route: checks keyed on the raw URL would let it past them.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}
