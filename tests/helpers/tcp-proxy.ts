/**
 * A TCP relay in front of a port, for tests of a database that becomes unreachable without stopping
 * it: `blackHole()` cuts every open connection and then accepts new ones without ever answering (a
 * host that vanished behind a firewall), `pass()` relays new connections again.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  blackHole(): void;
  pass(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let holding = false;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (holding) return; // accepted, never answered
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    blackHole() {
      holding = true;
      for (const s of sockets) s.destroy();
    },
    pass() {
      // New connections are relayed; those accepted while black-holed stay silent (half-open).
      holding = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
