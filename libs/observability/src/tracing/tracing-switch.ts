/** The running SDK, when tracing was started (by `@pvs/observability/tracing-sdk`, which alone loads it). */
let running: { shutdown(): Promise<void> } | null = null;

/**
 * Whether the operator asked for traces with the standard variables: an OTLP endpoint, or a traces exporter other
 * than `none`; `OTEL_SDK_DISABLED=true` wins. Off by default: nothing is exported, nothing is patched.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
  if (exporters.includes('none')) return false;
  return exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export function holdTracing(sdk: { shutdown(): Promise<void> }): void {
  running = sdk;
}

export function tracingStarted(): boolean {
  return running !== null;
}

/** Sends what is buffered and stops; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const sdk = running;
  running = null;
  await sdk?.shutdown();
}
