// The gateway as the benchmarks start it: as deployed, every service pointing at one upstream.
import { type createGateway, serviceNames } from '../../gateway/src/app.ts';

type GatewayOptions = Parameters<typeof createGateway>[0];

/**
 * Every service at UPSTREAM_URL, not embedded, the signing key of INTERNAL_SIGNING_KEY, and the rate
 * limiter running on every request (memory store) with its ceiling out of reach.
 */
export function deployedGatewayOptions(): Pick<
  GatewayOptions,
  'upstreams' | 'embedded' | 'signingKey' | 'rateLimitPerMinute'
> {
  const upstream = process.env.UPSTREAM_URL ?? '';
  return {
    upstreams: Object.fromEntries(serviceNames.map((s) => [s, upstream])) as GatewayOptions['upstreams'],
    embedded: false,
    signingKey: process.env.INTERNAL_SIGNING_KEY ?? '',
    rateLimitPerMinute: 1_000_000_000,
  };
}
