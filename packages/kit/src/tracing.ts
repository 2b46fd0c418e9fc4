// W3C trace context across the gateway, the services and the events (ADR 44), with the OpenTelemetry
// API. Every process registers one tracer provider: spans always get ids (so logs and events carry
// them), and they are exported to an OTLP collector only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { RequestHandler } from 'express';

let provider: NodeTracerProvider | undefined;

/**
 * Registers the process's tracer provider once (the embedded product's seven parts share one
 * process, and the first name wins: set OTEL_SERVICE_NAME to choose it). Idempotent.
 */
export function startTracing(
  serviceName: string,
  env: Record<string, string | undefined> = process.env,
): void {
  if (provider) return;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    // The exporter reads the OTEL_EXPORTER_OTLP_* settings (endpoint, headers) itself.
    spanProcessors: endpoint ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [],
  });
  // AsyncLocalStorage context and the W3C `traceparent` propagator.
  provider.register();
}

/** Sends the spans still buffered (at shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

const tracer = () => trace.getTracer('innerview');

/** `{ trace_id, span_id }` of the active span, for every log line (pino `mixin`). */
export function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/** The active span as a W3C `traceparent`, for an event envelope or an outgoing call. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` continues (the root context when there is none or it is malformed). */
export function contextFrom(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** Runs `work` in a new span, child of `parent`; ends it with the outcome. */
export async function inSpan<T>(
  name: string,
  options: { parent: Context; kind: SpanKind; attributes?: Record<string, string> },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer().startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent,
  );
  try {
    return await context.with(trace.setSpan(options.parent, span), () => work(span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * A service's request span, continuing the caller's `traceparent` (the gateway's, or another
 * service's): the rest of the request runs inside it, so its log lines carry the trace.
 */
export const traceMiddleware: RequestHandler = (req, res, next) => {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer().startSpan(`${req.method} ${req.path}`, { kind: SpanKind.SERVER }, parent);
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), next);
};

/**
 * The gateway's span for a forwarded call: a new trace (a client's own `traceparent` is not
 * believed at the edge), set as `traceparent` on the call; `forward` runs inside it.
 */
export function traceForwardedCall(
  req: { method?: string | undefined; headers: Record<string, string | string[] | undefined> },
  res: { once(event: 'close', listener: () => void): unknown; statusCode: number },
  upstream: string,
  forward: () => void,
): void {
  delete req.headers.traceparent;
  delete req.headers.tracestate;
  const span = tracer().startSpan(
    `${req.method} ${upstream}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'innerview.upstream': upstream },
    },
    ROOT_CONTEXT,
  );
  const active = trace.setSpan(ROOT_CONTEXT, span);
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  if (carrier.traceparent) req.headers.traceparent = carrier.traceparent;
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(active, forward);
}

export { SpanKind };
