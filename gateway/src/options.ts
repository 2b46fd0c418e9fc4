import type { IncomingMessage } from 'node:http';
import type { Logger } from '@innerview/kit/logger';
import type { RequestHandler } from 'express';
import type { ServiceName } from './domain/route-table.ts';
import type { InProcessServices } from './proxy/in-process-forwarder.ts';

/** What a verified access token says about the caller. */
export interface AuthenticatedUser {
  userId: string;
  /** The token's session id, for revocation and close-all; forwarded when present. */
  sessionId?: string;
}

/**
 * The token-verification hook: resolves the caller of a proxied request, or null when there is no
 * valid token (the service behind decides whether the route needs a user). Throwing means the token
 * could not be checked at all (keys or revocation store unreachable): the gateway answers 503.
 */
export type Authenticate = (req: IncomingMessage) => Promise<AuthenticatedUser | null>;

export interface FrontendDirs {
  shellDir: string;
  chatDir: string;
  accountDir: string;
}

export interface RemoteManifests {
  chat: string;
  account: string;
}

export interface GatewayOptions {
  /** Base URL of each service, e.g. `http://auth:3000` (no trailing path). */
  upstreams: Record<ServiceName, string>;
  /** Shares rate-limit counts between gateway instances; memory when absent. */
  redisUrl?: string;
  /** Requests per client IP per minute on /api (default 600). */
  rateLimitPerMinute?: number;
  /** Longest an upstream may stay silent before 504 (default 30 000 ms, docs/product.md#timing). */
  upstreamTimeoutMs?: number;
  /** Time-out of each service's /readyz in /api/v1/health (default 2 000 ms). */
  healthTimeoutMs?: number;
  /**
   * How often each service's /readyz is polled to refuse calls to one that is not ready with 503
   * (default 2 000 ms; 0 turns the gate off and leaves readiness to the services).
   */
  readinessPollMs?: number;
  /** Largest declared request body accepted at the edge (default 52 MiB: five 10 MB files and framing); services apply their own. */
  maxBodyBytes?: number;
  /** Built front ends served in this process; without it only the API and /config.json are served. */
  frontends?: FrontendDirs;
  /** Module Federation manifests the shell loads, published in /config.json. */
  remotes?: Partial<RemoteManifests>;
  /** Embedded (everything in one process on loopback) or distributed (compose, k8s). */
  embedded: boolean;
  authenticate?: Authenticate;
  /** When set, the metrics port answers only `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string | undefined;
  /**
   * `INTERNAL_SIGNING_KEY`, shared with the services: the gateway signs what it forwards with it
   * (ADR 43), and services refuse what it did not sign.
   */
  signingKey: string;
  /** Express `trust proxy` setting (default: loopback and private ranges, i.e. the ingress). */
  trustProxy?: boolean | number | string;
  /**
   * The services' request handlers, when they run in this process (the embedded product): calls are
   * handed to them instead of being forwarded over the network with undici (ADR 26, ADR 71).
   */
  inProcessServices?: InProcessServices;
  /** NODE_ENV=production: development conveniences (devRoutes) are refused at start. */
  production?: boolean;
  /** Mounted at /dev in embedded mode (dev mailbox, local checkout …), before the SPA fallback. */
  devRoutes?: RequestHandler;
  logger?: Logger;
}

export const defaultRemotes: RemoteManifests = {
  chat: '/remotes/chat/mf-manifest.json',
  account: '/remotes/account/mf-manifest.json',
};
