/**
 * Where a page's main thread spent its time, by what Chromium did (parsing HTML, compiling and running
 * scripts, style, layout, paint, garbage collection...), from a trace of the load (BENCH_TRACE=1 in
 * bench/vitals.ts). A CPU profile puts most of this under "(program)"; the trace names it.
 */
import type { CDPSession } from 'playwright-core';

const CATEGORIES = ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.compile'].join(',');

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** Ends the trace and sums the main thread's self time by event up to `until` ms after the navigation started. */
export async function endTrace(cdp: CDPSession, until: number): Promise<string> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream! });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream! });
  const events: TraceEvent[] = JSON.parse(text).traceEvents;
  // The page's own navigation (not the blank page's before it), and its renderer's main thread.
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'))
    .sort((a, b) => b.ts - a.ts)[0];
  const main = navigation && events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation.pid);
  if (!main) return '  (no renderer main thread in the trace)';
  const start = navigation.ts;
  const end = start + until * 1000;
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= start && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Self time: a span's duration less its children's (spans nest on one thread).
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us);
  for (const span of spans) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= span.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(parent.name, -Math.min(span.dur!, parent.ts + parent.dur! - span.ts));
    add(span.name, span.dur!);
    stack.push(span);
  }
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const rows = [...self]
    .filter(([name]) => name !== 'ThreadControllerImpl::RunTask' && name !== 'RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 16);
  return [
    `  main thread busy ${(busy / 1000).toFixed(0)} ms of ${until.toFixed(0)} ms, by what Chromium did (self time):`,
    ...rows.map(([name, us]) => `    ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`),
  ].join('\n');
}
