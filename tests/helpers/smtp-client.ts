/** A raw SMTP client for the receiver's tests: a session sending commands one at a time, or a whole dialogue. */
import net from 'node:net';

export interface Session {
  greeting: string;
  lines: string[];
  /** Sends a command and resolves to the last line of its reply. */
  send(command: string): Promise<string>;
  end(): void;
  closed: Promise<void>;
}

/** A raw SMTP connection that resolves once the server's first reply (its greeting or a refusal) is in. */
export function openSession(port: number): Promise<Session> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    let buffer = '';
    let closedResolve!: () => void;
    const closed = new Promise<void>((r) => {
      closedResolve = r;
    });
    const session: Session = {
      greeting: '',
      lines,
      closed,
      send: (command) =>
        new Promise((r) => {
          waiting.push(r);
          socket.write(`${command}\r\n`);
        }),
      end: () => socket.end(),
    };
    waiting.push((line) => {
      session.greeting = line;
      resolve(session);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        lines.push(line);
        if (/^\d{3} /.test(line)) waiting.shift()?.(line);
      }
    });
    socket.on('close', () => closedResolve());
    socket.on('error', reject);
  });
}

/** Sends SMTP commands one at a time (each after the previous reply) and collects every reply line. */
export function smtpDialogue(port: number, commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines: string[] = [];
    let buffer = '';
    let next = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        lines.push(line);
        // A reply ends at a line with a space after the code; then the next command goes.
        if (/^\d{3} /.test(line) && next < commands.length) socket.write(`${commands[next++]}\r\n`);
      }
    });
    socket.on('end', () => resolve(lines));
    socket.on('close', () => resolve(lines));
    socket.on('error', reject);
  });
}
