import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';

/** The address customers reach the service at: PUBLIC_URL when set, else the origin the request came to. */
export function publicBase(ctx: Ctx, request: FastifyRequest): string {
  return ctx.settings.publicUrl ?? `${request.protocol}://${request.host}`;
}
