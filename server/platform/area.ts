import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.js';
import type { ResourceHooks } from './crud/hooks.js';
import type { Job } from './jobs/runner.js';

/**
 * What a business area hands the app (server/app.ts composes the list): its own routes, its hooks on
 * the generic resources, its background jobs. `R` is the product's resource names, so a hook on a
 * misspelled resource does not compile.
 */
export interface Area<R extends string = string> {
  /** Registers the area's routes and whatever it runs beside them; before the generic routes, so an area may own a generic path. */
  install?(app: FastifyInstance, ctx: Ctx): void | Promise<void>;
  hooks?: Partial<Record<R, ResourceHooks>>;
  jobs?: Job[];
  /** Shortens what a request line must not show in the log (a key in the path or the query). */
  maskUrl?(url: string | undefined): string | undefined;
  /** Once the built console is served from `root`: pages the server draws from its files. */
  withConsole?(app: FastifyInstance, ctx: Ctx, root: string): void;
}
