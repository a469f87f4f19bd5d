/**
 * The SMTP receiver for mail products: accepts mail only for addresses a callback accepts (those of
 * the domains we serve), refusing others at RCPT time with 550; limits size, clients and idle
 * time; parses with mailparser and hands each message, raw bytes included, to a callback.
 *
 * AUTH is off unless TLS is configured and an `onAuth` is given: a receiving server needs no login,
 * and a login over plain text would expose passwords. STARTTLS is offered only with our own
 * certificate.
 */
import type { AddressObject, ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import type net from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection.js';
import { htmlToText } from '../../codes/index.js';

export interface InboundMail {
  /** The accepted RCPT TO addresses, lower-case. */
  recipients: string[];
  /** The header From address (what a person sees), lower-case; the envelope sender when there is none. */
  sender: string;
  /** MAIL FROM (often a bounce address). */
  envelopeFrom: string;
  subject: string;
  /** From text/plain, else from the HTML converted to text. */
  text: string;
  messageId: string | null;
  receivedAt: number;
  /** The message as received (for DKIM, which signs the bytes). */
  raw: Buffer;
}

export interface SmtpReceiverOptions {
  /** Whether mail for this (lower-case) address is taken. */
  accepts(address: string): boolean | Promise<boolean>;
  /** Called once per accepted message; a throw answers 451 and the sender tries again later. */
  onMail(mail: InboundMail): void | Promise<void>;
  /** Largest message in bytes; default 2 MiB (code mails are small, HTML ones with logos less so). */
  maxBytes?: number;
  /** Most recipients per message; default 50. */
  maxRecipients?: number;
  /** Most connections at once; the next ones get 421 and go. Default 100. */
  maxClients?: number;
  /** A connection silent this long (while it owes us a command) gets 421 and is closed; default 30 s. */
  idleTimeoutMs?: number;
  /** The name in the greeting; default the machine's host name. */
  name?: string;
  tls?: { key: string | Buffer; cert: string | Buffer };
  onAuth?: SMTPServerOptions['onAuth'];
  now?: () => number;
  /** Told about failed callbacks (the message was refused with 451) and broken connections. */
  onError?: (err: unknown) => void;
}

export interface SmtpReceiver {
  /** Starts listening (port 0: any free port); resolves to the port. */
  listen(port: number, host?: string): Promise<number>;
  /** Whether it is listening now (false before listen, after a failed one, after close). */
  listening(): boolean;
  close(): Promise<void>;
}

export const DEFAULT_MAX_MAIL_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_CLIENTS = 100;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function firstAddress(list: AddressObject | AddressObject[] | undefined): string | null {
  const objects = Array.isArray(list) ? list : list ? [list] : [];
  for (const o of objects) for (const a of o.value) if (a.address) return a.address.toLowerCase();
  return null;
}

function bodyText(parsed: ParsedMail): string {
  const text = (parsed.text ?? '').trim();
  if (text) return text;
  return typeof parsed.html === 'string' ? htmlToText(parsed.html) : '';
}

/** The subject and the text together: where a mail's code can be. */
export function mailText(mail: Pick<InboundMail, 'subject' | 'text'>): string {
  return mail.subject ? `${mail.subject}\n${mail.text}` : mail.text;
}

/**
 * smtp-server holds every new connection 100 ms before its greeting, to catch clients that talk
 * before it (a public mail exchanger's defence against spam bots), and has no option for it: that
 * was most of a code mail's way in. This receiver takes mail only for the domains it serves and
 * refuses the rest at RCPT, so the greeting goes at once. The rest is smtp-server's own connect() and its
 * connection's init() (the client limit included) as of 3.21, whose internals this calls: package.json
 * keeps smtp-server to 3.21.x, and tests/api/intake/mail.test.ts runs real SMTP sessions through it.
 */
class PromptSmtpServer extends SMTPServer {
  override connect(socket: net.Socket, socketOptions?: SMTPConnectionOptions | null): void {
    const connection = new SMTPConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on('error', (err) => this._onError(err));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection._setListeners(() => {
      const limit = this.options.maxClients;
      if (limit && this.connections.size > limit)
        return connection.send(421, `${connection.name} Too many connected clients, try again in a moment`, false);
      connection.connectionReady();
    });
  }
}

export function createSmtpReceiver(opts: SmtpReceiverOptions): SmtpReceiver {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
  const maxRecipients = opts.maxRecipients ?? 50;
  const now = opts.now ?? Date.now;
  const withAuth = Boolean(opts.tls && opts.onAuth);

  const server = new PromptSmtpServer({
    name: opts.name,
    banner: 'ready',
    size: maxBytes,
    authOptional: true,
    disabledCommands: [...(withAuth ? [] : ['AUTH']), ...(opts.tls ? [] : ['STARTTLS'])],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
    ...(withAuth ? { onAuth: opts.onAuth } : {}),
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 5000,
    maxClients: opts.maxClients ?? DEFAULT_MAX_CLIENTS,
    socketTimeout: opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= maxRecipients) return callback(smtpError(452, '4.5.3 Too many recipients'));
      const addr = address.address.trim().toLowerCase();
      Promise.resolve()
        .then(() => opts.accepts(addr))
        .then(
          (ok) => callback(ok ? undefined : smtpError(550, `5.7.1 <${addr}>: Relay access denied`)),
          (err) => {
            opts.onError?.(err);
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) {
          return callback(smtpError(552, `5.3.4 Message too big: the limit is ${maxBytes} bytes`));
        }
        void receive(Buffer.concat(chunks), session).then(
          () => callback(),
          (err) => {
            opts.onError?.(err);
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });

  // Without a listener a client's broken connection would be an uncaught 'error' event. A failed
  // listen is listen()'s rejection, said by its caller: not told twice.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.syscall !== 'listen') opts.onError?.(err);
  });

  async function receive(raw: Buffer, session: SMTPServerSession) {
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
    await opts.onMail({
      recipients: session.envelope.rcptTo.map((r) => r.address.trim().toLowerCase()),
      sender: firstAddress(parsed.from) ?? envelopeFrom,
      envelopeFrom,
      subject: (parsed.subject ?? '').trim(),
      text: bodyText(parsed),
      messageId: parsed.messageId ?? null,
      receivedAt: now(),
      raw,
    });
  }

  return {
    listen(port, host = '0.0.0.0') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        const net = server.listen(port, host, () => {
          server.off('error', reject);
          const address = net.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    listening() {
      return server.server.listening;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
