import http from 'node:http';
import type net from 'node:net';

/**
 * A local endpoint the app POSTs to (a customer's webhook, an aggregator's push URL), answering each
 * request 200 with `answer` at once: when each request first arrived, by its JSON body's `field`
 * (a request whose body does not parse is counted, not timed), and how many came.
 */
export async function receiver(path: string, field: string, answer: string, headers: http.OutgoingHttpHeaders = {}) {
  const arrived = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests++;
      try {
        const key = JSON.parse(Buffer.concat(chunks).toString('utf8'))[field];
        if (!arrived.has(key)) arrived.set(key, performance.now());
      } catch {
        /* counted, not timed */
      }
      res.writeHead(200, headers).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}${path}`,
    arrived,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
