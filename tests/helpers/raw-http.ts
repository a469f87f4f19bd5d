/**
 * A raw HTTP/1.1 connection for tests that must control what a client sends and when: a body cut
 * short, headers sent a byte at a time. Reads the answer and notices when the server closes.
 */
import net from 'node:net';
import { once } from 'node:events';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  write(text: string): Promise<void>;
  /** The next complete answer (by its Content-Length); rejects if the connection closes first. */
  answer(): Promise<RawAnswer>;
  /** True once the server has closed the connection. */
  readonly isClosed: boolean;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
  destroy(): void;
}

export async function rawConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let isClosed = false;
  const waiters = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    waiters.forEach((w) => w());
  });
  socket.on('error', () => undefined); // a reset by the server is a close here
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      isClosed = true;
      waiters.forEach((w) => w());
      resolve();
    }),
  );

  function parsed(): RawAnswer | null {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (received.length < end + 4 + length) return null;
    const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
    received = received.subarray(end + 4 + length); // the next answer on a kept-alive connection starts here
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  return {
    write: (text) => new Promise<void>((resolve, reject) => socket.write(text, (e) => (e ? reject(e) : resolve()))),
    answer: () =>
      new Promise<RawAnswer>((resolve, reject) => {
        const check = () => {
          const a = parsed();
          if (a) {
            waiters.delete(check);
            resolve(a);
          } else if (isClosed) {
            waiters.delete(check);
            reject(new Error('closed without an answer'));
          }
        };
        waiters.add(check);
        check();
      }),
    get isClosed() {
      return isClosed;
    },
    closed,
    destroy: () => socket.destroy(),
  };
}

/** Waits generously for what should happen soon; rejects (naming `what`) instead of hanging if it never does. */
export function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms);
    }),
  ]);
}
