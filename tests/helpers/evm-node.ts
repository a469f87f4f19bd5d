/**
 * A small EVM JSON-RPC node for the tests (loopback): `eth_blockNumber`, `eth_getLogs` (the contract
 * address, topics with null and OR-lists, hex block ranges, an optional cap on the range answered with
 * the error public nodes give), `eth_getBlockByNumber` (the block's timestamp), `eth_chainId`. Quantities
 * are hex, addresses in topics left-padded to 32 bytes, amounts a 32-byte `data` word. Each transfer
 * is put in a new block stamped with the test's clock; `mine` adds empty blocks; `drop` takes a log
 * out again, as a re-organisation does. Failures queued in `failures` are answered first.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A valid-looking EVM address derived from a name, so tests read well. */
export function evmAddress(name: string): string {
  return `0x${crypto.createHash('sha256').update(name).digest('hex').slice(0, 40)}`;
}

/** '10.01' USDT in a token's smallest unit (10^-decimals). */
export function units(usdt: string | number, decimals: number): bigint {
  const [whole, frac = ''] = String(usdt).split('.');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0').slice(0, decimals) || '0');
}

const pad = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  transactionHash: string;
  logIndex: number;
}

export type Failure = { status: number } | { rpcError: { code: number; message: string } } | 'hang';

export interface SeenCall {
  method: string;
  params: unknown[];
}

export class FakeEvmNode {
  url = '';
  head: number;
  readonly calls: SeenCall[] = [];
  /** Answered before serving again (every method). */
  readonly failures: Failure[] = [];
  /** The most blocks one eth_getLogs may span (null: no cap). */
  maxRange: number | null = null;
  private readonly logs: Log[] = [];
  private readonly times = new Map<number, number>();
  private readonly server: http.Server;

  private constructor(
    private readonly now: () => number,
    readonly contract: string,
    startBlock: number,
  ) {
    this.head = startBlock;
    this.times.set(startBlock, Math.floor(now() / 1000));
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  static async start(now: () => number, contract: string, startBlock = 5_000_000): Promise<FakeEvmNode> {
    const node = new FakeEvmNode(now, contract.toLowerCase(), startBlock);
    await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
    node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
    return node;
  }

  /** Adds `n` empty blocks stamped with the clock's now. */
  mine(n: number): void {
    for (let i = 0; i < n; i += 1) {
      this.head += 1;
      this.times.set(this.head, Math.floor(this.now() / 1000));
    }
  }

  /** A USDT transfer in a new block (or a given log of an earlier one); returns its hash and log index. */
  transfer(t: { to: string; value: bigint; from?: string; contract?: string; sameTxAs?: string }): {
    txHash: string;
    logIndex: number;
    block: number;
  } {
    let block: number;
    let txHash: string;
    if (t.sameTxAs) {
      const first = this.logs.find((l) => l.transactionHash === t.sameTxAs)!;
      block = first.blockNumber;
      txHash = first.transactionHash;
    } else {
      this.mine(1);
      block = this.head;
      txHash = `0x${crypto.randomBytes(32).toString('hex')}`;
    }
    const logIndex = this.logs.filter((l) => l.blockNumber === block).length + 3;
    this.logs.push({
      address: (t.contract ?? this.contract).toLowerCase(),
      topics: [TRANSFER_TOPIC, pad(t.from ?? evmAddress('some payer')), pad(t.to)],
      data: `0x${t.value.toString(16).padStart(64, '0')}`,
      blockNumber: block,
      transactionHash: txHash,
      logIndex,
    });
    return { txHash, logIndex, block };
  }

  /** A re-organisation took the transaction's logs out of the chain. */
  drop(txHash: string): void {
    for (let i = this.logs.length - 1; i >= 0; i -= 1) if (this.logs[i].transactionHash === txHash) this.logs.splice(i, 1);
  }

  /** The eth_getLogs ranges asked for, as [from, to]. */
  logRanges(): Array<[number, number]> {
    return this.calls
      .filter((c) => c.method === 'eth_getLogs')
      .map((c) => {
        const f = c.params[0] as { fromBlock: string; toBlock: string };
        return [Number.parseInt(f.fromBlock, 16), Number.parseInt(f.toBlock, 16)];
      });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private timeOf(block: number): number {
    const known = this.times.get(block);
    if (known !== undefined) return known;
    const first = Math.min(...this.times.keys());
    return this.times.get(first)! - (first - block) * 3;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let msg: { id?: unknown; method?: string; params?: unknown[] };
      try {
        msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
      }
      const id = msg.id ?? null;
      this.calls.push({ method: String(msg.method), params: msg.params ?? [] });
      const failure = this.failures.shift();
      if (failure === 'hang') return;
      if (failure && 'status' in failure)
        return send(failure.status, { jsonrpc: '2.0', id, error: { code: -32005, message: 'Too Many Requests' } });
      if (failure) return send(200, { jsonrpc: '2.0', id, error: failure.rpcError });
      const answer = this.answer(String(msg.method), msg.params ?? []);
      send(200, { jsonrpc: '2.0', id, ...answer });
    });
  }

  private answer(method: string, params: unknown[]): { result: unknown } | { error: { code: number; message: string } } {
    switch (method) {
      case 'eth_chainId':
        return { result: '0x38' };
      case 'eth_blockNumber':
        return { result: hex(this.head) };
      case 'eth_getBlockByNumber': {
        const tag = String(params[0]);
        const n = tag === 'latest' ? this.head : Number.parseInt(tag, 16);
        if (n > this.head) return { result: null };
        return { result: { number: hex(n), hash: `0x${'ab'.repeat(32)}`, timestamp: hex(this.timeOf(n)), transactions: [] } };
      }
      case 'eth_getLogs': {
        const f = params[0] as { fromBlock: string; toBlock: string; address?: string; topics?: Array<string | string[] | null> };
        const from = Number.parseInt(f.fromBlock, 16);
        const to = Math.min(Number.parseInt(f.toBlock, 16), this.head);
        if (this.maxRange !== null && to - from + 1 > this.maxRange) {
          return { error: { code: -32005, message: `query exceeds max block range ${this.maxRange}` } };
        }
        const topicOk = (want: string | string[] | null | undefined, got: string) =>
          want === null ||
          want === undefined ||
          (Array.isArray(want) ? want.map((w) => w.toLowerCase()) : [want.toLowerCase()]).includes(got);
        const result = this.logs
          .filter((l) => l.blockNumber >= from && l.blockNumber <= to)
          .filter((l) => !f.address || l.address === f.address.toLowerCase())
          .filter((l) => (f.topics ?? []).every((want, i) => topicOk(want, l.topics[i])))
          .map((l) => ({
            address: l.address,
            topics: l.topics,
            data: l.data,
            blockNumber: hex(l.blockNumber),
            blockHash: `0x${'cd'.repeat(32)}`,
            transactionHash: l.transactionHash,
            transactionIndex: '0x0',
            logIndex: hex(l.logIndex),
            removed: false,
          }));
        return { result };
      }
      default:
        return { error: { code: -32601, message: 'the method does not exist/is not available' } };
    }
  }
}
